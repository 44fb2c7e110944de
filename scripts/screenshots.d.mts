export const SHOTS_DIR: string;
export const IMAGES_DIR: string;
export function screenshotNames(source: string): string[];
export function filesTakingScreenshots(uiDir?: string, texts?: string[]): string[];
export function copyPictures(from?: string, to?: string): string[];
