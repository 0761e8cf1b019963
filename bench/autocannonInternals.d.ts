/** The one autocannon internal bench/load.ts replaces (autocannon 9). */
declare module 'autocannon/lib/pipelinedRequestsQueue.js' {
  const PipelinedRequestsQueue: { prototype: { addBody(data: Buffer): void } };
  export default PipelinedRequestsQueue;
}
