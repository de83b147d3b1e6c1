/** The browser build of tus-js-client, imported by path so that every runner (tests included) uses it. */
declare module 'tus-js-client/lib.esm/browser/index.js' {
  export * from 'tus-js-client';
}
