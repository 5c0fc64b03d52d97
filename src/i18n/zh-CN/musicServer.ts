/** The music library and its `/wapi` calls (server side). */
export const musicServer = {
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
  scan: {
    scanning: '正在扫描音乐库',
    done: (songs: number, playlists: number, skipped: number) =>
      `扫描完成：${playlists} 个歌单，${songs} 首歌曲${skipped > 0 ? `，跳过 ${skipped} 个无法读取的文件` : ''}`,
    unreadable: (file: string, detail: string) => `无法读取 ${file}：${detail}`,
    demoCopied: (count: number) => `已放入 ${count} 首示例歌曲`,
  },
} as const;
