import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Photo, PhotoPage } from '../../domain/content/content';
import { parseId } from '../../domain/content/paging';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { LoadFailed } from '../features/content/LoadFailed';
import { useLoad } from '../features/content/useLoad';
import { Masonry } from '../features/gallery/Masonry';
import { PhotoViewer } from '../features/gallery/PhotoViewer';
import * as zhCN from '../../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';
import '../features/gallery/gallery.css';

const PHOTO_PAGE_SIZE = 60;

/** Photos of one album (`?id=`) in a masonry grid, opening a full-screen viewer. */
export default function PhotosPage() {
  const api = useService(TOKENS.contentApi);
  const albumId = parseId(useSearchParams()[0].get('id'));
  const first = useLoad<PhotoPage | null>(`photos:${albumId}`, () =>
    albumId === null ? Promise.resolve(null) : api.photos(albumId, 1, PHOTO_PAGE_SIZE),
  );
  const [more, setMore] = useState<{ albumId: number | null; pages: Photo[][]; loading: boolean }>({
    albumId,
    pages: [],
    loading: false,
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const text = zhCN.gallery;
  const extra = more.albumId === albumId ? more.pages : [];

  const page = first.loading ? undefined : first.data;
  const photos = page ? [page.list, ...extra].flat() : [];

  const loadMore = () => {
    if (albumId === null || !page) return;
    const next = 2 + extra.length;
    setMore({ albumId, pages: extra, loading: true });
    api.photos(albumId, next, PHOTO_PAGE_SIZE).then(
      (result) => setMore({ albumId, pages: [...extra, result?.list ?? []], loading: false }),
      () => setMore({ albumId, pages: extra, loading: false }),
    );
  };

  let body;
  if (albumId === null || page === null) body = <EmptyState text={text.albumMissing} hint={zhCN.article.notFoundHint} />;
  else if (!page) body = first.error ? <LoadFailed error={first.error} onRetry={first.reload} /> : <Loading />;
  else if (photos.length === 0) body = <EmptyState text={text.noPhotos} />;
  else
    body = (
      <>
        {page.album.description && <p className="page-summary">{page.album.description}</p>}
        <Masonry photos={photos} onOpen={setViewing} />
        {photos.length < page.total && (
          <div className="gallery__more">
            <button type="button" className="button" onClick={loadMore} disabled={more.loading}>
              {more.loading ? zhCN.shell.loading : text.loadMore}
            </button>
          </div>
        )}
        <PhotoViewer images={photos} index={viewing} onIndexChange={setViewing} />
      </>
    );

  return (
    <div className="page">
      <PageBanner title={page ? page.album.name : zhCN.nav.photos} />
      <div className="page__body">
        <p className="page-back">
          <Link to="/photoAlbum" className="button">
            <ArrowLeft aria-hidden="true" />
            {text.backToAlbums}
          </Link>
        </p>
        <section className="card page__card">{body}</section>
      </div>
    </div>
  );
}
