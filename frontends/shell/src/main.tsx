// Entry of the host. Starts React at once: the layout (header, footer) and a loading state are drawn
// before anything answers; the runtime config (where the remotes live) is read meanwhile, and only
// the remote pages wait for it (App, RemotePage). The host's shared singletons are eager
// (kit/build/rspack.mjs), so React, the router and the layout arrive in main.js.
import './styles/shell.css';
import '@growth/kit/kit.css';
import { mount } from './bootstrap';

mount(document.getElementById('root') as HTMLElement);
