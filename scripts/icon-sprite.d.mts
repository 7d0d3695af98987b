export declare function iconNamesIn(source: string): string[];
export declare function iconSprite(names: Iterable<string>): Promise<string>;
export declare function currentIconSprite(): Promise<string>;
