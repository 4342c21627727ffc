// What this worker downloaded: per file, bytes on the wire and how long it took
// (so the bench can check that network throttling reached the worker).
export function downloads() {
  return performance.getEntriesByType("resource").map((entry) => ({
    name: entry.name.split("/").pop(),
    transferSize: entry.transferSize,
    encodedBodySize: entry.encodedBodySize,
    duration: entry.duration,
  }));
}
