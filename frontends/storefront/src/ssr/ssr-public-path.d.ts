/** The remote's base URL, handed in by the server that loads the server bundle (kit/build/rspack.mjs ssrConfig). */
declare module '@growth/ssr-public-path' {
  const remoteBase: string;
  export default remoteBase;
}
