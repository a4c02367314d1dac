// types of scripts/catalogue-parts.mjs (plain JavaScript, so the journeys' Node hooks can load it)
export declare const SITE_SECTIONS: readonly string[];
export declare const CATALOGUE_PART: RegExp;
export declare function cataloguePartModule(catalogue: Record<string, unknown>, part: 'site' | 'rest'): string;
