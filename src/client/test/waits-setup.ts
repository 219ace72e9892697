// The client tests' waits (a setup file of vitest's unit project): findBy and waitFor give a page 5 s instead of
// testing-library's 1 s, since a two-core CI machine running the browser and database tests beside these can take more
// than a second to render a page. Only in files that run in a DOM; the others never load testing-library.
export {}; // a module, for its top-level await

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}
