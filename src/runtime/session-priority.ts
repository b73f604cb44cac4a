import { readFileSync, writeFileSync } from 'node:fs';

/**
 * What lowering a process's session priority did: `lowered` to the given nice; `unchanged` (already that
 * nice or nicer); `shared-session` (the process does not lead its session, so the group holds other
 * processes too and is left alone); `unsupported` (no autogroups here — not Linux, a kernel without them,
 * a process in the root group — or /proc may not be written, as in some containers).
 */
export type SessionPriorityOutcome = 'lowered' | 'unchanged' | 'shared-session' | 'unsupported';

/** The session id of `pid` from /proc/<pid>/stat (after the command name, which may hold spaces). */
function sessionOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after ")": state, ppid, pgrp, session.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
}

/**
 * The session group's nice from /proc/<pid>/autogroup ("/autogroup-25 nice 0"); null when the file is
 * missing (no autogroups: not Linux, a kernel without them) or empty: the kernel prints nothing for a
 * process outside any session group (init's session, the root group, as in CI containers that run
 * everything in PID 1's session), and that group cannot be reniced.
 */
export function sessionGroupNice(pid: number | 'self'): number | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/autogroup`, 'utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return null;
    throw err;
  }
  const match = /nice\s+(-?\d+)/.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * Lowers the CPU priority of the session group `pid` leads, on Linux with autogroups
 * (`kernel.sched_autogroup_enabled`, the default of desktop and most server kernels): there the scheduler
 * first shares the CPU equally between sessions, and a thread's nice only orders it against threads of its
 * own session. A process that the launcher starts in its own session (the worker, the Temporal dev server)
 * is a session of its own, so its threads' nice did nothing against the API in another session. Measured
 * with 20 back-to-back POST /bulk submitters (bench:bulk's saturating phase, 1,000 submissions): the worker
 * at thread nice 10 still took 4–6 ms of CPU per submission and the API answered 113–161 submissions/s
 * (p99 252–480 ms); with the worker's group at nice 10, 1.7–2 ms and 215–220/s (p99 ~218 ms); with the
 * Temporal dev server's group lowered as well, 294–307/s (p99 ~130 ms).
 * Only a session leader's group is changed: in a shared session (`npm run worker` in a terminal) the group
 * holds other processes too, such as an API started from the same shell. Never raised.
 */
export function lowerSessionPriority(pid: number, nice: number): SessionPriorityOutcome {
  try {
    if (sessionOf(pid) !== pid) return 'shared-session';
    const groupNice = sessionGroupNice(pid);
    if (groupNice === null) return 'unsupported';
    if (groupNice >= nice) return 'unchanged';
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    return 'lowered';
  } catch (err) {
    const code = (err as { code?: string }).code;
    // Not Linux, no autogroup file (kernel without CONFIG_SCHED_AUTOGROUP), the process is gone, or /proc
    // is read-only here (some containers, where cgroups share the CPU instead).
    if (code === 'ENOENT' || code === 'ESRCH' || code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'unsupported';
    throw err;
  }
}
