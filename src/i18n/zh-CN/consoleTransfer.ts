import { localised } from '../language';

/** The console's 导入导出 page and its calls (issue 21, "Import and export in the browser"). */
export const consoleTransfer = localised('consoleTransfer', {
  title: '导入导出',
  import: {
    heading: '导入文章',
    hint: '上传 Hexo、Hugo 或 Jekyll 博客文件夹的 zip 压缩包（也可以只压缩文章所在的文件夹，或本页导出的压缩包）。文章里引用的本地图片会一并导入；再次导入同一篇文章会更新它。也可以上传 WordPress 导出的 .xml 文件（连同评论一起导入）；把它和 wp-content/uploads 文件夹一起打成 zip 上传，文章里的图片也会复制过来，否则图片保留原链接并在报告中列出。',
    commentsHint:
      '文章导入之后，还可以上传原来评论系统的导出文件：Twikoo、Waline、Valine（LeanCloud）、Artalk 的 JSON，Disqus 的 XML。评论按原文章的地址归到对应文章下，博主的评论归到你的名下；再次导入不会重复。',
    limits: (zipMb: number, unzippedMb: number, files: number) =>
      `压缩包不超过 ${zipMb} MB，解压后不超过 ${unzippedMb} MB、${files} 个文件`,
    choose: '选择 zip 文件',
    dropHere: '或把 zip 文件拖到这里',
    uploading: (percent: number) => `正在上传 ${percent}%`,
    importing: '正在导入…',
    checking: '正在检查将要导入的内容…',
    confirm: '确认导入',
    cancel: '取消',
    again: '再导入一个',
    notZipName: '请选择 .zip 文件（包括 Halo 备份）、WordPress 导出的 .xml 文件、Typecho 备份的 .dat 文件，或评论系统导出的 .json / .xml 文件',
  },
  report: {
    heading: '导入报告',
    layout: { hexo: 'Hexo 博客', hugo: 'Hugo 博客', jekyll: 'Jekyll 博客', folder: 'Markdown 文件夹', wordpress: 'WordPress 导出文件', comments: '评论导出', typecho: 'Typecho 备份', halo: 'Halo 备份' } as Record<
      string,
      string
    >,
    readFrom: (layout: string, folders: string) => `按 ${layout} 的目录结构读取：${folders}`,
    commentsFrom: (system: string) => `${system} 的评论导出`,
    topFolder: '压缩包根目录',
    created: '新增',
    updated: '更新',
    failed: '未导入',
    count: (n: number) => `${n} 篇`,
    file: '文件',
    article: '文章',
    result: '结果',
    edit: '编辑',
    view: '查看',
    warnings: '需要留意',
    unknown: '未能转换的短代码和标签插件（已按原文显示在文章中）',
    unknownLine: (name: string, count: number, posts: number) => `${name}：${count} 处，${posts} 篇文章`,
    dryRun: '这是试运行的结果：还没有写入任何内容。确认无误后点“确认导入”。',
    comments: '评论',
  },
  export: {
    heading: '导出文章',
    hint: '把所有文章（含草稿和隐藏的文章）导出为带 front matter 的 Markdown 文件和它们用到的图片，打包成 zip。导出的压缩包可以在这里或用 npm run import 重新导入。',
    download: '下载 Markdown 导出',
  },
  backup: {
    heading: '备份整站',
    hint: '下载整站备份：数据库、上传的媒体文件和音乐库，与 npm run backup 写出的文件相同。在新的空站点上用 npm run restore 还原。',
    withMusic: '包含音乐文件',
    download: '下载备份',
  },
  /** The calls' refusals and the downloads' names. */
  server: {
    missingFile: '请选择要上传的 zip 文件',
    oneFile: '一次只能上传一个 zip 文件',
    zipTooLarge: (mb: number) => `压缩包不能超过 ${mb} MB`,
    notAZip: '上传的文件不是 zip 压缩包',
    emptyZip: '压缩包是空的',
    damagedZip: '压缩包已损坏或不完整，无法解压',
    encrypted: '压缩包设置了密码，请去掉密码后再上传',
    unsupportedCompression: '压缩包使用了不支持的压缩方式，请用普通的 zip 格式重新压缩',
    unsafePath: (name: string) => `压缩包里的“${name}”指向文件夹之外，已拒绝导入`,
    symlink: (name: string) => `压缩包里的“${name}”是符号链接，已拒绝导入`,
    tooManyFiles: (max: number) => `压缩包里的文件超过 ${max} 个，已拒绝导入：请只压缩文章和图片所在的文件夹`,
    tooLarge: (mb: number) => `压缩包解压后超过 ${mb} MB，已拒绝导入`,
    noPosts: '压缩包里没有 Markdown 文章（.md 或 .markdown 文件）',
    importBusy: '另一个导入正在进行，请等它完成后再试',
    exportFileName: (date: string) => `博客文章导出-${date}.zip`,
    backupFileName: (date: string) => `博客备份-${date}.backup`,
  },
} as const);
