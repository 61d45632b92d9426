// Image assets bundled by rspack ('asset' modules): the import is the file's URL (or data URL).
declare module '*.svg' {
  const url: string;
  export default url;
}
