import { Avatar } from '../../features/account/Avatar';

/** A person as a console row names them: avatar, nickname and, when known, @username. */
export function PersonLine({ id, nickName, avatar, username }: { id: number | null; nickName: string; avatar: string; username?: string }) {
  return (
    <span className="mod-person">
      <Avatar user={{ id: id ?? 0, nickName, avatar, role: 0 }} size={28} />
      <span className="mod-person__names">
        <span className="mod-person__nick">{nickName}</span>
        {username && <span className="mod-person__username">@{username}</span>}
      </span>
    </span>
  );
}
