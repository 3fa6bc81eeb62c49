// Types for server-bundle.mjs (plain JavaScript: it runs before anything can compile TypeScript).
export declare const ROOT: string;
export declare const SERVER_BUNDLE: string;
export declare function serverBundleIsStale(): boolean;
export declare function buildServerBundle(): Promise<void>;
export declare const EXTERNAL: string[];
export declare const REQUIRE_BANNER: { js: string };
