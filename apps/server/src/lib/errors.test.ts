import { genericMessages } from "@cm/contracts/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { brands } from "../db/schema.ts";
import {
  anyForeignKey,
  ConflictError,
  databaseFailureAnswer,
  InvalidError,
  NotFoundError,
  withConstraintMessages,
} from "./errors.ts";

describe("database failures", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  const failureOf = (work: () => Promise<unknown>): Promise<unknown> =>
    work().then(
      () => {
        throw new Error("expected the database to refuse");
      },
      (error: unknown) => error,
    );
  // The seed created "Crocs"; brand names are unique whatever their case.
  const duplicateBrand = () => testApp.database.db.insert(brands).values({ name: "CROCS" });
  const unknownCategory = () => testApp.database.db.insert(brands).values({ name: "Orphan", categoryId: 99 });

  describe("withConstraintMessages", () => {
    it("answers a named constraint with the module's ConflictError, through the driver's wrapping", async () => {
      const error = await failureOf(() =>
        withConstraintMessages({ brands_name_unique: "Brand already exists" }, duplicateBrand),
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ status: 409, message: "Brand already exists" });
    });

    it("takes the error itself where the answer is not a 409, made when needed", async () => {
      const error = await failureOf(() =>
        withConstraintMessages(
          { brands_name_unique: () => new InvalidError("Pick another name") },
          duplicateBrand,
        ),
      );
      expect(error).toMatchObject({ status: 400, message: "Pick another name" });
    });

    it("answers every foreign key with `anyForeignKey`", async () => {
      const error = await failureOf(() =>
        withConstraintMessages({ [anyForeignKey]: "Still in use" }, unknownCategory),
      );
      expect(error).toMatchObject({ status: 409, message: "Still in use" });
    });

    it("leaves a constraint it does not name to the app's answer", async () => {
      const error = await failureOf(() =>
        withConstraintMessages({ users_email_unique: "Email taken" }, duplicateBrand),
      );
      expect(error).toMatchObject({ status: 409, message: genericMessages.conflict });
    });

    it("lets domain errors and failures of ours through unchanged", async () => {
      const notFound = new NotFoundError("Brand not found");
      const missingTable = await failureOf(() =>
        withConstraintMessages({ brands_name_unique: "Brand already exists" }, () =>
          testApp.database.db.execute(sql`select 1 from no_such_table`),
        ),
      );
      expect(missingTable).not.toHaveProperty("status");
      expect(
        await failureOf(() =>
          withConstraintMessages({ brands_name_unique: "x" }, () => Promise.reject(notFound)),
        ),
      ).toBe(notFound);
      await expect(withConstraintMessages({}, async () => "written")).resolves.toBe("written");
    });
  });

  describe("databaseFailureAnswer", () => {
    const execute = (statement: ReturnType<typeof sql>) => () => testApp.database.db.execute(statement);

    it.each([
      ["a unique key", duplicateBrand, 409, genericMessages.conflict],
      ["a foreign key", unknownCategory, 409, genericMessages.conflict],
      [
        "a not-null column",
        () => testApp.database.db.insert(brands).values({ name: null as unknown as string }),
        400,
        genericMessages.wrongInput,
      ],
      ["NUL in text", execute(sql`select ${"a\u0000b"}::text`), 400, genericMessages.nulCharacter],
      [
        "NUL in JSON",
        execute(sql`select ${'{"a":"\\u0000"}'}::jsonb ->> 'a'`),
        400,
        genericMessages.nulCharacter,
      ],
      ["a number out of range", execute(sql`select 100000::numeric(3, 1)`), 400, genericMessages.wrongInput],
      ["an integer out of range", execute(sql`select ${"9999999999"}::int`), 400, genericMessages.wrongInput],
      ["a date out of range", execute(sql`select ${"2024-13-45"}::date`), 400, genericMessages.wrongInput],
      ["a malformed date", execute(sql`select ${"not a date"}::date`), 400, genericMessages.wrongInput],
    ])("answers %s the database refuses", async (_what, work, status, message) => {
      const error = await failureOf(work);
      const answer = databaseFailureAnswer(error);
      expect(answer, String(error)).toMatchObject({ status, message });
      expect(answer?.cause).toBe(error);
    });

    it("answers the codes only a table's own limits give (a check, a varchar's length)", () => {
      const driverError = (code: string) =>
        new Error("query failed", { cause: Object.assign(new Error("refused"), { code }) });
      for (const code of ["23514", "22001"]) {
        expect(databaseFailureAnswer(driverError(code)), code).toMatchObject({ status: 400 });
      }
    });

    it("says nothing of failures of ours", async () => {
      expect(
        databaseFailureAnswer(await failureOf(execute(sql`select 1 from no_such_table`))),
      ).toBeUndefined();
      expect(databaseFailureAnswer(new Error("plain"))).toBeUndefined();
      expect(databaseFailureAnswer(undefined)).toBeUndefined();
    });
  });
});
