/** A progress bar on stderr (stdout stays the command's output, so it pipes cleanly); plain lines when stderr is not a terminal. */
export class ProgressBar {
  private lastLine = '';

  constructor(
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly width = 30,
  ) {}

  update(done: number, total: number, label: string): void {
    const share = total > 0 ? Math.min(1, done / total) : 0;
    const filled = Math.round(share * this.width);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(this.width - filled)}] ${done}/${total}`;
    if (line === this.lastLine) return;
    this.lastLine = line;
    if (this.stream.isTTY) this.stream.write(`\r${line}`);
    else this.stream.write(`${line}\n`);
  }

  finish(): void {
    if (this.stream.isTTY && this.lastLine) this.stream.write('\n');
  }
}
