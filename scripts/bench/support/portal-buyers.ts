// bench:mixed's portal buyers (issue 34): customer users of stores that see the published line
// lists, each signed in and looping beside the staff clients on the worker thread: browsing their
// store's catalogs and a line list's styles, filling their store's cart (read-modify-write at the
// revision last answered, taking the server's cart on 409 and applying the change again) and now
// and then submitting it. What each buyer was answered is kept for the checks after the run
// (portal-checks.ts): the cart its last 2xx answer gave after its last submit, and every submit
// answered 201 with the lines it sent.
import type { CatalogType } from "@cm/contracts/catalogs";
import { cartSchema, placedOrdersSchema, type Cart } from "@cm/contracts/portal-orders";

/** What a buyer does, how often (weights out of 100 of the buyers' actions), and how it is shown. */
export const portalActions = [
  { name: "portal catalogs", kind: "portal browse", weight: 12 },
  { name: "portal styles", kind: "portal browse", weight: 38 },
  { name: "portal cart", kind: "portal browse", weight: 8 },
  { name: "portal cart write", kind: "portal write", weight: 38 },
  { name: "portal submit", kind: "portal write", weight: 4 },
] as const;
export type PortalActionName = (typeof portalActions)[number]["name"];

/** A signed-in buyer: the only one of its store, so its answers alone say what the store's cart holds. */
export interface BuyerFixture {
  authorization: string;
  userId: number;
  storeId: number;
}

export interface CartLineState {
  lineListId: number;
  sku: string;
  quantity: number;
}

/** A submit answered 201: the lines of the cart at the revision sent, and the orders placed. */
export interface AnsweredSubmit {
  storeId: number;
  userId: number;
  lines: CartLineState[];
  orderIds: number[];
}

export interface BuyerOutcome {
  storeId: number;
  userId: number;
  /** The cart's lines by the last 2xx answer after the buyer's last submit; null when a later write went unanswered. */
  expected: CartLineState[] | null;
  submits: AnsweredSubmit[];
}

/** What the buyers saw, over the worker boundary. */
export interface PortalResult {
  buyers: BuyerOutcome[];
  /** 2xx answers that say something else than the request asked (each names its lines). */
  wrongAnswers: { problem: string; lines: number }[];
  /** Answers compared with what was asked or last answered: carts written, 409s' carts, submits. */
  answersChecked: number;
  /** Cart writes refused with 409 (then applied again on the cart the 409 gave). */
  conflicts: number;
  /** Writes given up after 3 conflicts in a row. */
  givenUp: number;
  /** Submits refused with 400 (a line that can no longer be ordered, e.g. past a deadline). */
  refusedSubmits: number;
  unansweredSubmits: number;
}

export type Send = (
  action: PortalActionName,
  authorization: string,
  method: "GET" | "POST" | "PUT",
  url: string,
  body?: unknown,
) => Promise<{ status: number; json: () => unknown } | undefined>;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
export const cartLineKey = (line: { lineListId: number; sku: string }) => `${line.lineListId}:${line.sku}`;
/** A cart's lines as comparable text: `lineListId:sku×quantity`, sorted. */
export const cartLinesText = (lines: readonly CartLineState[]) =>
  lines.map((line) => `${cartLineKey(line)}×${line.quantity}`).sort();

/** Lines a cart may hold before a buyer only changes and removes. */
const maxCartLines = 60;
const maxConflictRetries = 3;
const stylesPageSize = 48;
const styleSearches = ["Clog", "Navy", "Echo", "Kids", "Slide"];

interface VisibleLineList {
  id: number;
  catalogTypes: CatalogType[];
  /** From the last styles answer: how many styles the store sees. */
  total?: number;
}
/** A view of the cart, as a browser tab or device holds it: the revision and lines it last read. */
interface CartView {
  revision: number;
  lines: CartLineState[];
  /** Lines the server says cannot be ordered now: the buyer removes them with its next write. */
  problems: Set<string>;
}
type CartChange = { key: string; line: CartLineState | null }[];

const viewOf = (cart: Cart): CartView => ({
  revision: cart.revision,
  lines: cart.lines.map(({ lineListId, sku, quantity }) => ({ lineListId, sku, quantity })),
  problems: new Set(cart.lines.filter((line) => line.problem !== null).map(cartLineKey)),
});

/** The cart in an answer's `data`: the cart itself (2xx) or `data.cart` (409). */
function cartIn(json: unknown): Cart | undefined {
  const data = (json as { data?: unknown } | null)?.data as { cart?: unknown } | null | undefined;
  const parsed = cartSchema.safeParse(data && "cart" in data ? data.cart : data);
  return parsed.success ? parsed.data : undefined;
}

/** Applies `change` (a line set or, when null, removed) to `lines`, keeping their order; new lines last. */
function applyChange(lines: readonly CartLineState[], change: CartChange): CartLineState[] {
  const byKey = new Map(lines.map((line) => [cartLineKey(line), line]));
  for (const { key, line } of change) {
    if (line) byKey.set(key, line);
    else byKey.delete(key);
  }
  return [...byKey.values()];
}

/** The buyers' loops until `until`; answers what they were answered. */
export async function runBuyers(buyers: BuyerFixture[], send: Send, until: number): Promise<PortalResult> {
  const wrongAnswers: PortalResult["wrongAnswers"] = [];
  let conflicts = 0;
  let givenUp = 0;
  let refusedSubmits = 0;
  let unansweredSubmits = 0;
  let answersChecked = 0;

  const outcomes = await Promise.all(
    buyers.map(async (buyer): Promise<BuyerOutcome> => {
      const { authorization, storeId } = buyer;
      const store = `storeId=${storeId}`;
      let lineLists: VisibleLineList[] = [];
      /** SKUs seen in styles answers: what the buyer may put in the cart. */
      const seen = new Set<string>();
      let seenLines: { lineListId: number; sku: string }[] = [];
      /** The buyer's tab, then a second device that learns the cart only from its own writes' answers. */
      const views: CartView[] = [];
      let expected: CartLineState[] | null = null;
      const submits: AnsweredSubmit[] = [];

      /** A 2xx cart: what the store's cart now holds. */
      const answered = (cart: Cart, view: number) => {
        views[view] = viewOf(cart);
        expected = views[view].lines;
      };

      async function readCatalogs() {
        const answer = await send("portal catalogs", authorization, "GET", `/api/portal/catalogs?${store}`);
        if (answer?.status !== 200) return;
        const data = (
          answer.json() as { data: { lineLists: { id: number; catalogs: { type: CatalogType }[] }[] } }
        ).data;
        lineLists = data.lineLists.map((lineList) => ({
          id: lineList.id,
          catalogTypes: lineList.catalogs.map((catalog) => catalog.type),
          total: lineLists.find((known) => known.id === lineList.id)?.total,
        }));
      }

      async function readCart(view: number): Promise<Cart | undefined> {
        const answer = await send("portal cart", authorization, "GET", `/api/portal/cart?${store}`);
        if (answer?.status !== 200) return undefined;
        const cart = cartIn(answer.json());
        if (cart) answered(cart, view);
        else wrongAnswers.push({ problem: `store ${storeId}: GET cart answered no cart`, lines: 0 });
        return cart;
      }

      async function browseStyles() {
        if (lineLists.length === 0) return readCatalogs();
        const lineList = pick(lineLists);
        const pages = Math.max(1, Math.ceil((lineList.total ?? stylesPageSize) / stylesPageSize));
        const filters = new URLSearchParams({ storeId: String(storeId), pageSize: String(stylesPageSize) });
        const roll = Math.random();
        if (roll < 0.15) filters.set("q", pick(styleSearches));
        else if (roll < 0.35 && lineList.catalogTypes.length > 0)
          filters.set("catalogType", pick(lineList.catalogTypes));
        else filters.set("page", String(randomInt(1, pages)));
        const answer = await send(
          "portal styles",
          authorization,
          "GET",
          `/api/portal/line-lists/${lineList.id}/styles?${filters}`,
        );
        if (answer?.status === 404) lineLists = lineLists.filter((known) => known !== lineList);
        if (answer?.status !== 200) return;
        const { data } = answer.json() as { data: { styles: { sizes: { sku: string }[] }[]; total: number } };
        if (!filters.has("q") && !filters.has("catalogType")) lineList.total = data.total;
        for (const style of data.styles) {
          for (const size of style.sizes) {
            const line = { lineListId: lineList.id, sku: size.sku };
            if (seen.size < 5000 && !seen.has(cartLineKey(line))) {
              seen.add(cartLineKey(line));
              seenLines.push(line);
            }
          }
        }
      }

      /** 1 to 5 lines added, changed or removed, and the lines the server named as problems removed. */
      function changeFor(view: CartView): CartChange {
        const change: CartChange = [...view.problems].map((key) => ({ key, line: null }));
        const inCart = new Map(view.lines.map((line) => [cartLineKey(line), line]));
        for (let count = randomInt(1, 5); count > 0; count--) {
          const roll = Math.random();
          if ((roll < 0.6 && inCart.size < maxCartLines && seen.size > 0) || inCart.size === 0) {
            if (seen.size === 0) break;
            const line = pick(seenLines);
            change.push({ key: cartLineKey(line), line: { ...line, quantity: randomInt(1, 12) } });
          } else if (roll < 0.85) {
            const line = pick([...inCart.values()]);
            change.push({ key: cartLineKey(line), line: { ...line, quantity: (line.quantity % 12) + 1 } });
          } else {
            const key = pick([...inCart.keys()]);
            change.push({ key, line: null });
            inCart.delete(key);
          }
        }
        return change;
      }

      /** Read-modify-write at the view's revision; on 409 the change again on the cart it gave. */
      async function writeCart(view: number, change: CartChange) {
        for (let attempt = 0; attempt <= maxConflictRetries; attempt++) {
          const lines = applyChange(views[view]!.lines, change);
          const answer = await send("portal cart write", authorization, "PUT", "/api/portal/cart", {
            storeId,
            lines,
            revision: views[view]!.revision,
          });
          if (!answer) {
            expected = null;
            return;
          }
          if (answer.status === 200) {
            const cart = cartIn(answer.json());
            if (!cart) {
              wrongAnswers.push({
                problem: `store ${storeId}: PUT cart answered 200 with no cart`,
                lines: 0,
              });
              expected = null;
              return;
            }
            answersChecked++;
            const asked = cartLinesText(lines);
            const got = cartLinesText(viewOf(cart).lines);
            if (asked.join() !== got.join()) {
              const missing = asked.filter((line) => !got.includes(line)).length;
              wrongAnswers.push({
                problem: `store ${storeId}: PUT cart answered [${got.join(", ")}] for [${asked.join(", ")}]`,
                lines: Math.max(1, missing),
              });
            }
            answered(cart, view);
            return;
          }
          if (answer.status === 409) {
            conflicts++;
            const cart = cartIn(answer.json());
            if (!cart) return;
            // The store's cart now: this buyer is its only writer, so its last answer said so too.
            answersChecked++;
            if (expected && cartLinesText(expected).join() !== cartLinesText(viewOf(cart).lines).join()) {
              wrongAnswers.push({
                problem: `store ${storeId}: 409 gave the cart [${cartLinesText(viewOf(cart).lines).join(", ")}], last answered [${cartLinesText(expected).join(", ")}]`,
                lines: 1,
              });
            }
            views[view] = viewOf(cart);
            continue;
          }
          if (answer.status === 400 || answer.status === 404) {
            // A line no longer orderable (a staff client moved its style out of the store's catalogs):
            // out of what the buyer may add, and out of the cart with the next write.
            const errors = (answer.json() as { data?: Record<string, string[]> | null }).data ?? {};
            for (const field of Object.keys(errors)) {
              const line = lines[Number(/^lines\.(\d+)/.exec(field)?.[1] ?? NaN)];
              if (!line) continue;
              seen.delete(cartLineKey(line));
              seenLines = seenLines.filter((known) => cartLineKey(known) !== cartLineKey(line));
              if (views[view]!.lines.some((known) => cartLineKey(known) === cartLineKey(line)))
                views[view]!.problems.add(cartLineKey(line));
            }
          }
          return;
        }
        givenUp++;
      }

      async function submit() {
        const view = views[0]!;
        if (view.lines.length === 0 || view.problems.size > 0) return writeCart(0, changeFor(view));
        const answer = await send("portal submit", authorization, "POST", "/api/portal/cart/submit", {
          storeId,
          revision: view.revision,
        });
        if (!answer) {
          unansweredSubmits++;
          expected = null;
          return;
        }
        if (answer.status === 201) {
          const { orders } = placedOrdersSchema.parse((answer.json() as { data: unknown }).data);
          answersChecked++;
          const asked = cartLinesText(view.lines);
          const got = cartLinesText(orders.flatMap((order) => order.lines));
          if (asked.join() !== got.join()) {
            wrongAnswers.push({
              problem: `store ${storeId}: submit at revision ${view.revision} placed [${got.join(", ")}] for the cart [${asked.join(", ")}]`,
              lines: Math.max(1, asked.filter((line) => !got.includes(line)).length),
            });
          }
          submits.push({
            storeId,
            userId: buyer.userId,
            lines: view.lines,
            orderIds: orders.map((order) => order.id),
          });
          expected = [];
          // The cart is emptied: the buyer's tab reads it again (its second device stays stale).
          const after = await readCart(0);
          if (after && after.lines.length > 0) {
            wrongAnswers.push({
              problem: `store ${storeId}: the cart after a submit answered 201 holds [${cartLinesText(viewOf(after).lines).join(", ")}]`,
              lines: after.lines.length,
            });
          }
          return;
        }
        if (answer.status === 400) refusedSubmits++;
        // Refused (a line no longer orderable) or the cart moved: read it again, problems named.
        await readCart(0);
      }

      const totalWeight = portalActions.reduce((sum, action) => sum + action.weight, 0);
      const nextAction = (): PortalActionName => {
        let roll = Math.random() * totalWeight;
        for (const action of portalActions) {
          roll -= action.weight;
          if (roll < 0) return action.name;
        }
        return portalActions.at(-1)!.name;
      };

      await readCatalogs();
      await readCart(0);
      views[0] ??= { revision: 0, lines: [], problems: new Set() };
      views[1] = { ...views[0], problems: new Set(views[0].problems) };
      while (performance.now() < until) {
        const action = nextAction();
        if (action === "portal catalogs") await readCatalogs();
        else if (action === "portal styles") await browseStyles();
        else if (action === "portal cart") await readCart(0);
        else if (action === "portal submit") await submit();
        else {
          // Mostly the buyer's tab; now and then the second device, at the revision it read last.
          const view = Math.random() < 0.85 ? 0 : 1;
          if (seen.size === 0 && views[view]!.lines.length === 0) await browseStyles();
          else await writeCart(view, changeFor(views[view]!));
        }
      }
      return { storeId, userId: buyer.userId, expected, submits };
    }),
  );
  return {
    buyers: outcomes,
    wrongAnswers,
    answersChecked,
    conflicts,
    givenUp,
    refusedSubmits,
    unansweredSubmits,
  };
}
