// s3rver ships no types; the tests use only these.
declare module '@20minutes/s3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory?: string;
      allowMismatchedSignatures?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
