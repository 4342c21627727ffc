//# allFunctionsCalledOnLoad
// Placeholder for running web/ unbuilt: build.py writes the real file into dist/
// with the deploy's version and the sizes of the boot downloads.
export const BUILD_INFO = Object.freeze({
  version: "dev",
  engineWheel: null,
  engineVersion: null,
  pyodideVersion: null,
  bootDownloads: {},
});
