import { MAX_PAGE_SIZE } from '../../../src/protocol/content';
import { AppError } from '../errors';
import { contentMessages } from './messages';

const POSITIVE_INTEGER = /^[1-9]\d{0,9}$/;
/** Ids and pages beyond this are unknown anyway; the bound keeps them inside every integer column. */
const MAX_INTEGER = 2_147_483_647;

function positiveInteger(raw: string | number): number | undefined {
  const text = String(raw);
  if (!POSITIVE_INTEGER.test(text)) return undefined;
  const value = Number(text);
  return value <= MAX_INTEGER ? value : undefined;
}

/** A path or body id: a positive integer, else a 400 naming what it identifies. */
export function parseId(raw: string | number, what: string): number {
  const value = positiveInteger(raw);
  if (value === undefined) throw new AppError('invalid', contentMessages.invalidId(what));
  return value;
}

export interface PageRequest {
  current: number;
  size: number;
}

export function parsePage(current: string | number, size: string | number): PageRequest {
  const page = positiveInteger(current);
  if (page === undefined) throw new AppError('invalid', contentMessages.invalidPage);
  const perPage = positiveInteger(size);
  if (perPage === undefined || perPage > MAX_PAGE_SIZE) {
    throw new AppError('invalid', contentMessages.invalidPageSize(MAX_PAGE_SIZE));
  }
  return { current: page, size: perPage };
}

export function offsetOf(page: PageRequest): number {
  return (page.current - 1) * page.size;
}

export interface Page<T> {
  list: T[];
  total: number;
  current: number;
  size: number;
}
