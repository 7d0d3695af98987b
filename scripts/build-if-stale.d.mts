export declare const root: string;
export declare const serverBundle: string;
export declare function buildIfStale(): boolean;
