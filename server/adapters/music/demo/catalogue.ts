import type { CoverTheme } from './cover';
import type { Groove, Mode, Voice } from './score';

/** One song of the demo album: a public-domain poem and how it is set to music. */
export interface DemoSong {
  title: string;
  poet: string;
  /** TIT3: the English title, which the library shows as the song's alias. */
  alias: string;
  /** Lines without punctuation: one character, one note. */
  poem: readonly string[];
  /** A translated line per poem line (English or modern Chinese), written as `<base>.t.lrc`. */
  translation?: readonly string[];
  mode: Mode;
  tonicMidi: number;
  beatMs: number;
  voice: Voice;
  groove: Groove;
  /** Word timing as enhanced LRC inside the `.lrc` instead of a `.yrc` file. */
  enhancedLrc?: boolean;
  /** No ID3 tag at all: the library has to fall back to the file name. */
  untagged?: boolean;
  /** Embed the cover picture (APIC) in the MP3. */
  embedCover?: boolean;
}

export interface DemoPlaylist {
  /** Folder name; the number keeps the order, and the fourth is the hot list the client opens first. */
  folder: string;
  name: string;
  description: string;
  theme: CoverTheme;
  songs: readonly DemoSong[];
}

export const DEMO_SEED = 20_240_915;

export const DEMO_PLAYLISTS: readonly DemoPlaylist[] = [
  {
    folder: '01 清晨',
    name: '清晨',
    description: '晨光初透，鸟鸣满窗。几首轻快的小诗，陪你开始新的一天。',
    theme: 'dawn',
    songs: [
      {
        title: '春晓', poet: '孟浩然', alias: 'Spring Dawn',
        poem: ['春眠不觉晓', '处处闻啼鸟', '夜来风雨声', '花落知多少'],
        translation: [
          'Asleep in spring, I missed the break of day;',
          'now everywhere I hear the birds sing.',
          'Last night there came the sound of wind and rain —',
          'how many blossoms fell, who can say?',
        ],
        mode: 'gong', tonicMidi: 62, beatMs: 560, voice: 'flute', groove: 'flowing',
      },
      {
        title: '咏鹅', poet: '骆宾王', alias: 'Ode to the Goose',
        poem: ['鹅鹅鹅', '曲项向天歌', '白毛浮绿水', '红掌拨清波'],
        mode: 'zhi', tonicMidi: 64, beatMs: 540, voice: 'zheng', groove: 'lively', untagged: true,
      },
      {
        title: '绝句', poet: '杜甫', alias: 'Quatrain',
        poem: ['两个黄鹂鸣翠柳', '一行白鹭上青天', '窗含西岭千秋雪', '门泊东吴万里船'],
        mode: 'shang', tonicMidi: 60, beatMs: 580, voice: 'voice', groove: 'flowing', enhancedLrc: true,
      },
    ],
  },
  {
    folder: '02 山水',
    name: '山水',
    description: '登高望远，听泉看山。把山水的开阔与清幽，都写进旋律里。',
    theme: 'mountains',
    songs: [
      {
        title: '登鹳雀楼', poet: '王之涣', alias: 'On the Stork Tower',
        poem: ['白日依山尽', '黄河入海流', '欲穷千里目', '更上一层楼'],
        translation: [
          'The white sun sinks behind the hills,',
          'the Yellow River flows into the sea.',
          'To see a thousand miles further,',
          'climb one more storey of the tower.',
        ],
        mode: 'gong', tonicMidi: 62, beatMs: 600, voice: 'zheng', groove: 'flowing',
      },
      {
        title: '望庐山瀑布', poet: '李白', alias: 'Viewing the Waterfall at Mount Lu',
        poem: ['日照香炉生紫烟', '遥看瀑布挂前川', '飞流直下三千尺', '疑是银河落九天'],
        mode: 'zhi', tonicMidi: 62, beatMs: 560, voice: 'flute', groove: 'lively',
      },
      {
        title: '鹿柴', poet: '王维', alias: 'The Deer Enclosure',
        poem: ['空山不见人', '但闻人语响', '返景入深林', '复照青苔上'],
        mode: 'yu', tonicMidi: 64, beatMs: 640, voice: 'zheng', groove: 'still', enhancedLrc: true,
      },
    ],
  },
  {
    folder: '03 夜色',
    name: '夜色',
    description: '月落乌啼，江枫渔火。适合夜深人静时，一个人慢慢听。',
    theme: 'night',
    songs: [
      {
        title: '枫桥夜泊', poet: '张继', alias: 'A Night Mooring by Maple Bridge',
        poem: ['月落乌啼霜满天', '江枫渔火对愁眠', '姑苏城外寒山寺', '夜半钟声到客船'],
        translation: [
          'The moon sets, crows caw, frost fills the sky;',
          'by river maples and fishing fires I lie awake in sorrow.',
          'Beyond the walls of Gusu, from Cold Mountain Temple,',
          'the midnight bell reaches my traveller’s boat.',
        ],
        mode: 'yu', tonicMidi: 57, beatMs: 660, voice: 'voice', groove: 'still', embedCover: true,
      },
      {
        title: '江雪', poet: '柳宗元', alias: 'River Snow',
        poem: ['千山鸟飞绝', '万径人踪灭', '孤舟蓑笠翁', '独钓寒江雪'],
        translation: [
          'A thousand hills, and not a bird in flight;',
          'ten thousand paths, without a human trace.',
          'In a lone boat, an old man in a straw cape',
          'fishes alone in the cold river snow.',
        ],
        mode: 'jue', tonicMidi: 64, beatMs: 640, voice: 'flute', groove: 'still',
      },
    ],
  },
  {
    folder: '04 热歌榜',
    name: '热歌榜',
    description: '本站播放最多的几首：千百年来人人会背的诗，配上新的旋律。',
    theme: 'charts',
    songs: [
      {
        title: '静夜思', poet: '李白', alias: 'Quiet Night Thoughts',
        poem: ['床前明月光', '疑是地上霜', '举头望明月', '低头思故乡'],
        translation: [
          'Before my bed the moonlight gleams,',
          'I wonder if it is frost upon the ground.',
          'I raise my head to gaze at the bright moon,',
          'I lower it and think of home.',
        ],
        mode: 'yu', tonicMidi: 60, beatMs: 600, voice: 'voice', groove: 'flowing', embedCover: true,
      },
      {
        title: '相思', poet: '王维', alias: 'Love Seeds',
        poem: ['红豆生南国', '春来发几枝', '愿君多采撷', '此物最相思'],
        translation: [
          'Red beans grow in the southern land;',
          'how many sprigs has spring brought forth?',
          'Gather as many as you can, my friend —',
          'nothing speaks of longing so well.',
        ],
        mode: 'shang', tonicMidi: 62, beatMs: 580, voice: 'zheng', groove: 'lively',
      },
      {
        title: '早发白帝城', poet: '李白', alias: 'Departing Baidi at Dawn',
        poem: ['朝辞白帝彩云间', '千里江陵一日还', '两岸猿声啼不住', '轻舟已过万重山'],
        mode: 'gong', tonicMidi: 60, beatMs: 520, voice: 'flute', groove: 'lively',
      },
      {
        title: '清明', poet: '杜牧', alias: 'Qingming',
        poem: ['清明时节雨纷纷', '路上行人欲断魂', '借问酒家何处有', '牧童遥指杏花村'],
        translation: [
          '清明时节，细雨纷纷扬扬地下个不停，',
          '路上的行人个个神情凄迷，黯然神伤。',
          '向人打听哪里有酒家可以歇脚解愁，',
          '牧童笑着指向远处杏花掩映的村庄。',
        ],
        mode: 'yu', tonicMidi: 59, beatMs: 600, voice: 'voice', groove: 'flowing',
      },
    ],
  },
  {
    folder: '05 古风',
    name: '古风',
    description: '松下问童子，云深不知处。几段古意悠长的旋律，留给念旧的人。',
    theme: 'ancient',
    songs: [
      {
        title: '寻隐者不遇', poet: '贾岛', alias: 'Seeking the Recluse in Vain',
        poem: ['松下问童子', '言师采药去', '只在此山中', '云深不知处'],
        mode: 'zhi', tonicMidi: 62, beatMs: 620, voice: 'flute', groove: 'still',
      },
      {
        title: '山行', poet: '杜牧', alias: 'Mountain Walk',
        poem: ['远上寒山石径斜', '白云生处有人家', '停车坐爱枫林晚', '霜叶红于二月花'],
        mode: 'shang', tonicMidi: 64, beatMs: 580, voice: 'zheng', groove: 'flowing', embedCover: true,
      },
      {
        title: '游子吟', poet: '孟郊', alias: 'Song of the Wanderer',
        poem: ['慈母手中线', '游子身上衣', '临行密密缝', '意恐迟迟归', '谁言寸草心', '报得三春晖'],
        mode: 'gong', tonicMidi: 57, beatMs: 560, voice: 'voice', groove: 'still',
      },
    ],
  },
];
