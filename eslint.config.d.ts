// Types of eslint.config.js for eslint.config.test.ts (it reads featurePublicModules).
import type { Linter } from "eslint";

export declare const featurePublicModules: Record<string, string[]>;
declare const config: Linter.Config[];
export default config;
