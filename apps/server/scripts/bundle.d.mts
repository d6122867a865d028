/** scripts/bundle.mjs: writes the server bundle into `outDir`; resolves to its main.mjs. */
export declare const bundleServer: (outDir: string) => Promise<string>;
