import { ensureDemoKey } from '../../shared/auth/demo-key';
import type { Deps } from '../../shared/deps';
import { seedArchive } from '../archive/startup';
import { ensureSigningKey } from '../warrant/startup';
import { loadArchivedStep } from './load-step';

/**
 * Idempotent steps `npm start` runs after storage exists. Each returns lines to print (for
 * example a generated demo key, shown once). Order matters: later steps may rely on earlier ones.
 */
export type StartupStep = (deps: Deps) => Promise<string[]>;

export const STARTUP_STEPS: readonly StartupStep[] = [ensureSigningKey, ensureDemoKey, seedArchive, loadArchivedStep];
