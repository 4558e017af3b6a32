/**
 * One benchmark suite: `npm run bench` runs every file in bench/suites/, `npm run bench -- <name>` one.
 * Machine-speed figures carry a reference measured in the same run, so results compare across machines.
 */
export interface BenchRow {
  suite: string;
  metric: string;
  value: number;
  unit: string;
  /** The same-run reference this figure is relative to (e.g. tweetnacl signing, sha256sum). */
  reference?: { name: string; value: number; unit: string };
  /** value / reference.value (or the inverse where stated in `note`). */
  ratio?: number;
  /** A stated target, e.g. "< 300 MB"; `met` says whether it held. */
  target?: string;
  met?: boolean;
  note?: string;
}

export interface BenchSuite {
  name: string;
  description: string;
  /** Upper bound on the suite's wall time; the runner kills it past this (default 5 minutes). */
  timeoutMs?: number;
  run(log: (line: string) => void): Promise<BenchRow[]>;
}
