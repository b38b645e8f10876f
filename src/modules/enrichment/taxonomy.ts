/**
 * The category taxonomy (spec "Transaction", enrichment.category; docs/categories.md), loaded
 * from data/categories.json. Ids are stable integers: categories 1..99, subcategories
 * category*100 + n. Each subcategory says which sign of amount it describes and where money of
 * the other sign goes (whenIncoming / whenOutgoing); see `forAmount`.
 */
import { readData } from './data.ts';

export type Direction = 'in' | 'out' | 'both';

/** The category part of a transaction's enrichment, as the API serves it. */
export interface CategoryView {
  categoryId: number;
  categoryName: string;
  subcategoryId: number;
  subcategoryName: string;
}

export interface Subcategory {
  id: number;
  name: string;
  direction: Direction;
  whenIncoming?: number;
  whenOutgoing?: number;
  /** A catch-all inside its category that a less trusted signal of the same category may refine. */
  generic?: boolean;
  /** Money a private person can be paid or pay for this (rent, wages, a doctor): its keywords count for a person. */
  people?: boolean;
  /** The subcategory of this kind of payment made for children (a children's sport club: 1702). */
  forChildren?: number;
  /** A service a shop sells on the side (a subscription, software, a game pass, cash at the till): named in a shop's card-payment note, it outranks the shop. */
  soldByShops?: boolean;
  categoryId: number;
  /** The shared, frozen API view of this subcategory. */
  view: CategoryView;
}

interface CategoriesFile {
  fallback: { incoming: number; outgoing: number; storeAbroad: number };
  refundSubcategoryId: number;
  personSubcategoryId: number;
  categories: { id: number; name: string; subcategories: Omit<Subcategory, 'categoryId' | 'view'>[] }[];
}

const file = readData<CategoriesFile>('categories.json');
const subcategories = new Map<number, Subcategory>();
for (const category of file.categories) {
  for (const sub of category.subcategories) {
    if (subcategories.has(sub.id)) throw new Error(`categories.json: duplicate subcategory id ${sub.id}`);
    const view = Object.freeze({ categoryId: category.id, categoryName: category.name, subcategoryId: sub.id, subcategoryName: sub.name });
    subcategories.set(sub.id, { ...sub, categoryId: category.id, view });
  }
}

/** The subcategory `id`; throws naming `where` when the data refers to an unknown one. */
export function subcategory(id: number, where = 'enrichment data'): Subcategory {
  const found = subcategories.get(id);
  if (!found) throw new Error(`${where}: unknown subcategoryId ${id}`);
  return found;
}

for (const sub of subcategories.values()) {
  if (sub.whenIncoming !== undefined) subcategory(sub.whenIncoming, `categories.json ${sub.id}.whenIncoming`);
  if (sub.whenOutgoing !== undefined) subcategory(sub.whenOutgoing, `categories.json ${sub.id}.whenOutgoing`);
  if (sub.forChildren !== undefined) subcategory(sub.forChildren, `categories.json ${sub.id}.forChildren`);
}

/** All categories with their subcategories, in document order. */
export const categories = file.categories.map((c) => ({ id: c.id, name: c.name, subcategories: c.subcategories.map((s) => subcategory(s.id)) }));

/** Subcategory of money received that no signal explains / of money spent that none explains. */
export const fallback = {
  incoming: subcategory(file.fallback.incoming, 'fallback'),
  outgoing: subcategory(file.fallback.outgoing, 'fallback'),
  /** Money spent at a chain's numbered store abroad that no signal explains (categorise.ts `storeAbroad`). */
  storeAbroad: subcategory(file.fallback.storeAbroad, 'fallback'),
};
export const refunds = subcategory(file.refundSubcategoryId, 'refundSubcategoryId');
/** Money to or from a private person that no `people` keyword explains (Transfers to and from people). */
export const personSubcategory = subcategory(file.personSubcategoryId, 'personSubcategoryId');

/** A category candidate: a subcategory and whether it is only a weak hint (see categorise.ts). */
export interface Candidate {
  sub: Subcategory;
  weak: boolean;
  /** Money received under a subcategory of money spent: the refund or reversal of such a purchase (weak). */
  reverses?: boolean;
}

/** Whether `sub` says anything about money moving in the direction of `amount` (see `forAmount`: only money spent under a subcategory of money received without whenOutgoing says nothing). */
export const appliesTo = (sub: Subcategory, amount: number): boolean => amount > 0 || sub.direction !== 'in' || sub.whenOutgoing !== undefined;

/**
 * What `sub` means for money moving in the direction of `amount` (> 0 received, otherwise
 * spent): for money received `incomingId` (the rule's or merchant's own) first, then itself when
 * its direction fits, else its whenIncoming, else the reversal of a purchase of `sub` (a weak hint:
 * a refund keeps the category of what it refunds); money spent under a subcategory of received
 * money with no whenOutgoing gives null (no signal).
 */
export function forAmount(sub: Subcategory, amount: number, incomingId?: number): Candidate | null {
  if (amount > 0) {
    // A rule's own subcategory of money received holds in either direction's subcategory (a top-up received is from one's own account: 1201, not 1204).
    if (incomingId !== undefined) return { sub: subcategory(incomingId), weak: false };
    if (sub.direction !== 'out') return { sub, weak: false };
    return sub.whenIncoming === undefined ? { sub, weak: true, reverses: true } : { sub: subcategory(sub.whenIncoming), weak: false };
  }
  if (sub.direction !== 'in') return { sub, weak: false };
  return sub.whenOutgoing === undefined ? null : { sub: subcategory(sub.whenOutgoing), weak: false };
}
