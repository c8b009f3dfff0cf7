// The little of Node's API the unit tests use (node:test over the esbuild
// output), declared here rather than adding @types/node to the client's tree.
declare module "node:test" {
  type Run = () => void | Promise<void>;
  function test(name: string, run: Run): void;
  function test(name: string, options: { skip?: boolean }, run: Run): void;
  export default test;
}
declare module "node:assert/strict" {
  const assert: {
    equal(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    match(actual: string, expected: RegExp, message?: string): void;
    doesNotMatch(actual: string, expected: RegExp, message?: string): void;
    ok(value: unknown, message?: string): void;
  };
  export default assert;
}
declare module "node:fs" {
  export function readdirSync(path: string): string[];
  export function readFileSync(path: string, encoding: "utf8"): string;
}
declare const process: { env: Record<string, string | undefined> };
