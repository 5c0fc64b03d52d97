/** The administrator an import attributes the old blog's owner's comments to. */
export interface ImportingAdministrator {
  id: number;
  nickName: string;
  /** The account's email: comments written with it are the owner's too. */
  email: string;
}

/** A guestbook comment as a message-board post. */
export interface ImportedBoardPost {
  importKey: string;
  content: string;
  userId: number | null;
  nickName: string;
  likes: number;
  /** Waiting for review in the old system: kept hidden until the blogger shows it. */
  hidden: boolean;
  createdAt: string;
}

/** An administrator by user name (`--as`) or by account (who uploads in the console). */
export type AdministratorRef = { username: string } | { id: number };

/** What a comment import needs besides the comments themselves: where they go, and who the blogger is. */
export interface CommentImportStore {
  /** The administrator named, or the first one when none is; undefined when there is no such one. */
  administrator(who?: AdministratorRef): Promise<ImportingAdministrator | undefined>;
  /** The article an old page address (a path or a full URL) was imported as, if any. */
  articleAt(address: string): Promise<number | undefined>;
  /** Sets an article's views to `views` unless it has more already (importing again adds nothing). */
  raiseViews(articleId: number, views: number): Promise<void>;
  /** Stores a guestbook post unless one with its key is there; whether it was added. */
  addBoardPost(post: ImportedBoardPost): Promise<boolean>;
}
