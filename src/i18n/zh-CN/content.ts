import { localised } from '../language';

/** The reading pages: lists, side column, albums, talks, links, resources and sites. */
export const content = localised('content', {
  latestArticles: '最新文章',
  pinned: '置顶',
  publishedAt: '发表于',
  uncategorised: '未分类',
  viewsValue: (views: string) => `${views} 次浏览`,
  tagsLabel: '标签',
  articleCount: (n: number) => `${n} 篇文章`,
  itemCount: (n: number) => `${n} 个`,
  categoryTotal: (n: number) => `共 ${n} 个分类`,
  tagTotal: (n: number) => `共 ${n} 个标签`,
  noArticles: '还没有文章',
  /** A page's subject that is gone (the server's refusals say the same, in contentServer). */
  missing: { talk: '说说不存在', category: '分类不存在', tag: '标签不存在' },
  /** What the administrator sees instead of 过些日子再来看看吧 on an empty blog. */
  firstArticle: {
    hint: '把已有的 Markdown 文章（Hexo、Hugo、Jekyll 均可）导入进来：在服务器上的博客目录里运行',
    command: 'npm run import -- <文章目录>',
  },
  noCategories: '还没有分类',
  noTags: '还没有标签',
  noResources: '还没有推荐资源',
  noSites: '还没有收录网站',
  loadFailed: '加载失败',
  loadFailedHint: '请检查网络后重试',
  retry: '重试',
  pager: '分页',
  previousPage: '上一页',
  nextPage: '下一页',
  pageNumber: (n: number) => `第 ${n} 页`,
  side: {
    countsLabel: '文章统计',
    articles: '文章',
    categories: '分类',
    tags: '标签',
    hot: '热门文章',
    tagCloud: '标签云',
    facts: '网站资讯',
    articleTotal: '文章数目',
    talkTotal: '说说数目',
    lastUpdate: '最后更新',
    /** The hot list's numbers, for screen readers (issue 22). */
    hotCounts: (views: string, comments: string) => `${views} 次浏览，${comments} 条评论`,
  },
  archives: {
    summary: (n: number) => `目前共计 ${n} 篇文章，继续加油！`,
    year: (year: number) => `${year} 年`,
  },
  articleList: {
    byCategory: (name: string) => `分类 · ${name}`,
    byTag: (name: string) => `标签 · ${name}`,
    chooseFilter: '请选择一个分类或标签',
    chooseFilterHint: '从分类或标签进入，就能看到对应的文章',
  },
  gallery: {
    noAlbums: '还没有相册',
    photoCount: (n: number) => `${n} 张`,
    albumMissing: '相册不存在',
    noPhotos: '这个相册还没有照片',
    backToAlbums: '返回相册',
    loadMore: '加载更多',
    photo: (n: number) => `第 ${n} 张照片`,
    viewer: '图片查看器',
    previous: '上一张',
    next: '下一张',
    close: '关闭',
    position: (index: number, total: number) => `${index} / ${total}`,
  },
  talk: {
    empty: '还没有说说',
    all: '查看全部说说',
    permalink: '单独查看',
    image: (n: number) => `查看第 ${n} 张配图`,
    /** The like button's name: what it does, then the count it shows (`shown`, as the button writes it). */
    likeName: (liked: boolean, shown: string) => `${liked ? '取消点赞' : '点赞这条说说'}，${shown} 人点赞`,
    comments: (n: number) => `评论 ${n}`,
    hideComments: '收起评论',
  },
  /**
   * What the reading pages show of comments before the comment section's own code (and words) arrive:
   * the counts on cards and in the article's meta, the section's title (issue 22).
   */
  comments: {
    title: '评论',
    count: (n: number) => `${n} 条评论`,
    /** On cards: the count already compacted (1.2万). */
    countShort: (n: string) => `${n} 条评论`,
  },
  links: {
    title: '小伙伴们',
    count: (n: number) => `${n} 位`,
    empty: '还没有友链',
    apply: '申请友链',
    applyHint: '欢迎交换友链！填写你的网站信息，站长审核通过后就会出现在上面。',
    loginToApply: '登录后才能申请友链',
    name: '网站名称',
    namePlaceholder: '例如：听雨小筑',
    url: '网站地址',
    avatar: '头像地址（可不填）',
    description: '网站描述（可不填）',
    descriptionPlaceholder: '一句话介绍你的网站',
    submit: '提交申请',
    pending: '申请已提交，等待站长审核',
    failed: '提交失败，请稍后再试',
    nameRequired: '请输入网站名称',
    urlInvalid: '网站地址应以 http:// 或 https:// 开头',
    avatarInvalid: '头像地址应以 http:// 或 https:// 开头',
  },
} as const);
