import { localised } from '../language';

/** The music library and its `/wapi` calls (server side). */
export const musicServer = localised('musicServer', {
  songNotFound: '歌曲不存在',
  playlistNotFound: '歌单不存在',
  coverNotFound: '封面不存在',
  badParameter: (name: string) => `参数有误：${name}`,
  keywordTooLong: (max: number) => `搜索关键词不能超过 ${max} 个字`,
  upstreamFailed: '音乐服务暂时不可用，请稍后再试',
  upstreamTimeout: '音乐服务响应超时，请稍后再试',
  rangeNotSatisfiable: '请求的范围无效',
  unknownArtist: '歌手走丢了',
  looseSongs: '散曲集',
  looseSongsDescription: '音乐文件夹顶层的歌曲',
  updatedOn: (date: string) => `更新于 ${date}`,
  /** A CUE track without a TITLE. */
  cueTrack: (number: number) => `音轨 ${String(number).padStart(2, '0')}`,
  scan: {
    scanning: '正在扫描音乐库',
    done: (songs: number, playlists: number, skipped: number) =>
      `扫描完成：${playlists} 个歌单，${songs} 首歌曲${skipped > 0 ? `，跳过 ${skipped} 个文件` : ''}`,
    unreadable: (file: string, detail: string) => `无法读取 ${file}：${detail}`,
    skipped: (file: string, reason: string) => `已跳过 ${file}：${reason}`,
    unplayable: (format: string) => `浏览器无法播放 ${format} 格式，请转换为 FLAC 或 MP3 后再放入音乐文件夹`,
    demoCopied: (count: number) => `已放入 ${count} 首示例歌曲`,
    cueNoTracks: 'CUE 表里没有可播放的音轨',
    cueFileMissing: (name: string) => `CUE 表指向的音频文件不存在或无法播放：${name}`,
    cueFileTaken: (sheet: string) => `音频文件已由 ${sheet} 分轨`,
    cueTrackPastEnd: (number: number) => `第 ${number} 轨的起点超出了音频文件的长度`,
  },
} as const);
