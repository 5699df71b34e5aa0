// The renderer project has no Node types; its tests read fixture files with this one function.
declare module 'node:fs' {
  export function readFileSync(path: string): Uint8Array;
}
