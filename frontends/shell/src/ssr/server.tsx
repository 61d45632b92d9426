// The shell's server-rendering entry (docs/architecture.md#server-rendering), built for Node into
// dist/ssr/server.cjs. It renders the whole app as the browser's first render draws it (layout,
// routes, the remote page with its first answers), and lends the federation's shared singletons
// (React, the router, kit) to the remotes' server bundles, as the host does in the browser: one
// React and one kit per render, so kit's contexts (the session) are the shell's.
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import { renderToString } from 'react-dom/server';
import * as wouter from 'wouter';
import * as kit from '@growth/kit';
import type { RemotePageId } from '@growth/kit/routes';
import { App } from '../App';
import { rememberPage } from '../remotes/RemotePage';

/** What a remote's server bundle may require (kit/build/rspack.mjs SSR_SHARED), by name. */
export const shared: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDom,
  wouter,
  '@growth/kit': kit,
};

export interface RenderRequest {
  /** The request's path (as sent) and query (without '?'), as the browser's router will read them. */
  path: string;
  search: string;
  page: RemotePageId;
  component: React.ComponentType;
  /** The page's first GET answers by URL (kit's pageAnswer). */
  answers: Record<string, unknown>;
}

const noRemotes = () => Promise.resolve();

/** The markup of `#root` for one page. Synchronous: the answers are kit's for this render only. */
export function render({ path, search, page, component, answers }: RenderRequest): string {
  rememberPage(page, component);
  kit.setPageAnswers(answers);
  try {
    return renderToString(
      <wouter.Router ssrPath={path} ssrSearch={search}>
        <App startRemotes={noRemotes} started />
      </wouter.Router>,
    );
  } finally {
    kit.setPageAnswers(null);
  }
}
