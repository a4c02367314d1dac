/// <reference types="vite/client" />

/** A part of a language's catalogue (vite.catalogues.ts): the public site's sections, or the others. */
declare module '*.json?site' {
  const part: Readonly<Record<string, unknown>>;
  export default part;
}
declare module '*.json?rest' {
  const part: Readonly<Record<string, unknown>>;
  export default part;
}
