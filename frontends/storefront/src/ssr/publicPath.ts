// Evaluated before any page module (the server entry imports it first): asset URLs (the Home page's
// pictures) are `__webpack_public_path__ + file`, fixed when their module is evaluated, and must be
// where the browser build's are: the remote's location, which the server hands in when it loads this
// bundle (docs/architecture.md#server-rendering).
import remoteBase from '@growth/ssr-public-path';

declare let __webpack_public_path__: string;
// eslint-disable-next-line prefer-const -- rspack's runtime reads the assignment
__webpack_public_path__ = remoteBase;
