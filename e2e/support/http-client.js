/**
 * The specs' own `fetch` (Node's, through undici) drops an idle kept-alive connection after one
 * second, well before the server does (HTTP_KEEP_ALIVE_TIMEOUT, 5 s, plus Node's own second).
 * With undici's default it reuses one until a second before the server's announced timeout, and on a
 * loaded machine a request sent on such a socket meets the server closing it: "other side closed",
 * a POST that never reached a handler. Browsers retry that case; fetch does not, so the margin is
 * taken here. Set per spec file (jest `setupFiles`), before any request.
 */
const { Agent, setGlobalDispatcher } = require('undici');

setGlobalDispatcher(new Agent({ keepAliveTimeout: 1_000, keepAliveMaxTimeout: 1_000 }));
