import type { DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy } from '@dnd-kit/sortable';
import { ImagePlus } from 'lucide-react';
import { TALK_MAX_IMAGES } from '../../../domain/console/showcase/talkDraft';
import { roomLeft } from '../../../domain/console/showcase/uploads';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { FilePickButton } from '../FilePickButton';
import { SortableArea } from '../Sortable';
import { PictureTile } from './PictureTile';
import type { useUploads } from './useUploads';

const text = zhCN.consoleShowcase.talks;

/** A talk's pictures: up to nine, each uploaded with its progress, put in order by dragging. */
export function TalkPictures({ uploads, labelId }: { uploads: ReturnType<typeof useUploads>; labelId: string }) {
  const notifier = useService(TOKENS.notifier);
  const room = roomLeft(uploads.items, TALK_MAX_IMAGES);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) uploads.move(String(active.id), String(over.id));
  };
  return (
    <div className="talk-pictures">
      <p className="talk-pictures__label" id={labelId}>
        {text.pictures(uploads.items.length, TALK_MAX_IMAGES)}
      </p>
      <SortableArea onDragEnd={onDragEnd}>
        <SortableContext items={uploads.items.map((item) => item.id)} strategy={rectSortingStrategy}>
          <ol className="talk-pictures__grid" aria-labelledby={labelId}>
            {uploads.items.map((item, index) => (
              <PictureTile
                key={item.id}
                item={item}
                index={index}
                preview={uploads.previews.get(item.id)}
                onRemove={() => uploads.remove(item.id)}
                onRetry={() => uploads.retry(item.id)}
              />
            ))}
            {room > 0 && (
              <li className="talk-pictures__add">
                <FilePickButton
                  className="picture-add"
                  accept="image/*"
                  multiple
                  onFiles={(files) => {
                    if (uploads.add(files, room)) notifier.notify({ level: 'warning', message: text.tooManyPictures(TALK_MAX_IMAGES) });
                  }}
                >
                  <ImagePlus aria-hidden="true" />
                  <span>{text.addPictures}</span>
                </FilePickButton>
              </li>
            )}
          </ol>
        </SortableContext>
      </SortableArea>
    </div>
  );
}
