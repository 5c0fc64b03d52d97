import { localised } from '../language';

/** What every page shows before the player's code loads: the floating disc and the first visit's hint. */
export const disc = localised('disc', {
  startHint: '左下角可以听听音乐哦',
  unknownArtist: '歌手走丢了',
  openPlayer: '打开音乐播放器',
  discIdle: '听听音乐吧',
  discIdleHint: '点我打开播放器',
  startHintTitle: '温馨提示',
  play: '播放',
  pause: '暂停',
} as const);
