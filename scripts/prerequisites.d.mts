/** The Chromium the e2e tests and benchmarks drive, or null. */
export function chromiumPath(): string | null;
/** Whether a command exists on PATH. */
export function hasCommand(name: string): boolean;
/** The first missing prerequisite as one line naming the install command, or null. */
export function missingPrerequisite(): string | null;
/** Rebuilds the native modules for Node when they were last built for Electron. */
export function ensureNativeModulesForNode(): void;
