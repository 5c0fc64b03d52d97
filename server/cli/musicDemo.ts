import path from 'node:path';
import { generateDemoAlbum } from '../adapters/music/demo/album';
import { runCommand } from './command';

const DEFAULT_OUT = path.join('content', 'demo', 'music');

/** Regenerates the demo album (songs, lyrics, covers) from its seed; the result is committed to git. */
async function run(args: string[]): Promise<number> {
  const outDir = args[0] ?? DEFAULT_OUT;
  const started = performance.now();
  console.log(`正在生成示例歌单到 ${outDir} …`);
  const reports = await generateDemoAlbum(outDir, (report, index, total) => {
    const seconds = (report.durationMs / 1000).toFixed(1);
    const size = Math.round(report.bytes / 1024);
    console.log(
      `[${String(index).padStart(2)}/${total}] ${path.relative(outDir, report.file)}  ${seconds} s  RMS ${report.rmsDbfs.toFixed(1)} dBFS  峰值 ${report.peakDbfs.toFixed(1)} dBFS  ${size} KB`,
    );
  });
  const totalKb = Math.round(reports.reduce((sum, report) => sum + report.bytes, 0) / 1024);
  const elapsed = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`完成：${reports.length} 首歌，MP3 共 ${totalKb} KB，用时 ${elapsed} 秒。`);
  return 0;
}

await runCommand(run);
