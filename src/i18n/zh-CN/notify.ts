import { localised } from '../language';

export const notify = localised('notify', {
  title: '我的消息',
  /** The bell's name, with the badge as it shows (at most 9+), so a reader names the bell by what they see. */
  open: (badge: string) => (badge ? `我的消息，${badge} 条未读` : '我的消息'),
  badgeMax: '9+',
  newMarker: 'new',
  jump: '查看',
  delete: '删除',
  confirmDelete: '确定删除吗?',
  confirm: '确定',
  cancel: '取消',
  loadMore: '点击加载更多～',
  noMore: '已经到底啦',
  empty: '暂无消息',
  loading: '加载中...',
  deleted: '删除成功',
  close: '关闭',
  server: {
    notFound: '消息不存在',
    notYours: '不能查看或修改别人的消息',
    emptyMessage: '消息内容不能为空',
    messageTooLong: '消息内容不能超过2000个字符',
  },
} as const);
