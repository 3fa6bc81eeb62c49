// Types for build.mjs (plain JavaScript, like scripts/server-bundle.mjs).
export declare const FUNCTIONS_DIR: string;
export declare const NODE_MAJOR: number;
export declare const FUNCTION_EXTERNALS: string[];
export declare function functionsPackageJson(): {
  name: string;
  engines: { node: string };
  dependencies: Record<string, string>;
};
export declare function buildFunctions(): Promise<void>;
