import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import type { Actor } from "../../shared/authz/actor";
import { MAX_LEGACY_ZIP_BYTES } from "../../shared/limits";
import { okSchema } from "../../shared/schemas/common";
import { editConflictBodySchema } from "../../shared/schemas/edit-conflict";
import { importRefusedBodySchema, importResultSchema } from "../../shared/schemas/legacy-import";
import {
  archiveProgramBodySchema,
  createProgramBodySchema,
  programListResultSchema,
  programResultSchema,
  programReviewSettingsSchema,
  renameProgramBodySchema,
  updateReviewSettingsBodySchema,
} from "../../shared/schemas/programs";
import type { Db } from "../db/client";
import { receiveUpload } from "../files/upload-body";
import type { AppContext } from "../http/context";
import { authorize, requireActor } from "../http/door";
import { notFound } from "../http/errors";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { senderOf, sendingEmail } from "../program-users/sending";
import { ImportRefused, importLegacyProgram, importLegacyZip } from "./legacy-import/service";
import { isZipBody, zipTooLarge } from "./legacy-import/zip";
import {
  createProgram,
  deleteProgram,
  duplicateProgram,
  findProgram,
  listProgramsForList,
  programAllowance,
  renameProgram,
  reviewSettingsOf,
  setArchived,
  updateReviewSettings,
} from "./service";

const tags = ["programs"];
const { 400: _validation, ...errorResponsesWithout400 } = errorResponses;
const idParams = z.object({ id: z.string().min(1).max(64) });
const planLimit = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Plan limit",
);

async function presentProgram(db: Db, actor: Actor, programId: string) {
  const program = (await listProgramsForList(db, actor)).find((p) => p.id === programId);
  if (!program) throw notFound();
  return program;
}

/** Loads a program and checks the organization admin manages it (404 otherwise). */
async function managedProgram(c: AppContext, id: string) {
  const program = await findProgram(c.get("deps").db, id);
  const actor = authorize(c, "program:manage", { organizationId: program.organizationId })!;
  return { program, actor };
}

/** Loads a program and checks the caller administers it: its ADMIN and ADMIN_REVIEWER members, the organization admin. */
async function administeredProgram(c: AppContext, id: string) {
  const program = await findProgram(c.get("deps").db, id);
  const actor = authorize(c, "program:administer", {
    programId: program.id,
    organizationId: program.organizationId,
  })!;
  return { program, actor };
}

export const programRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/all/{userId}",
      tags,
      summary:
        "The programs list of a user, with the plan's program allowance when they administer the organization",
      request: { params: z.object({ userId: z.string().min(1).max(64) }) },
      responses: { 200: jsonResponse(programListResultSchema, "The programs"), ...errorResponses },
    }),
    async (c) => {
      const actor = authorize(c, "user:read", c.req.valid("param"))!;
      const { db } = c.get("deps");
      const allowance = actor.adminOrganizationId
        ? await programAllowance(db, actor.adminOrganizationId)
        : null;
      return c.json({ programs: await listProgramsForList(db, actor), allowance }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      tags,
      summary: "One program the user may open",
      request: { params: idParams },
      responses: { 200: jsonResponse(programResultSchema, "The program"), ...errorResponses },
    }),
    async (c) => {
      const { db } = c.get("deps");
      const program = await findProgram(db, c.req.valid("param").id);
      const actor = authorize(c, "program:view", {
        programId: program.id,
        organizationId: program.organizationId,
      })!;
      return c.json({ program: await presentProgram(db, actor, program.id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary: "Create a program (appVersion 3) in the organization the user administers",
      request: { body: jsonBody(createProgramBodySchema) },
      responses: { 201: jsonResponse(programResultSchema, "Created"), 403: planLimit, ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      const body = c.req.valid("json");
      const organizationId = actor.adminOrganizationId ?? "";
      if (body.organization !== undefined && body.organization !== organizationId) throw notFound();
      authorize(c, "program:manage", { organizationId });
      const { db } = c.get("deps");
      const row = await createProgram(db, organizationId, body.displayName, actor.userId);
      return c.json({ program: await presentProgram(db, actor, row.id) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/import",
      tags,
      summary:
        "Import a program from the earlier system's records (docs/decisions/032-legacy-program-import.md): " +
        "one JSON file, or a zip of its JSON files and the applications' attachments (application/zip, read as " +
        "it streams in); checked whole, then written in one transaction; the same file twice adds nothing",
      request: {
        query: z.object({ organization: z.string().max(64).optional() }),
        body: {
          required: true,
          content: {
            // The file is checked by the import itself, so that a bad one gets its report of every problem.
            "application/json": { schema: z.looseObject({}) },
            "application/zip": {
              schema: z.string().openapi({
                format: "binary",
                description:
                  "program.json, one JSON file per collection (submissions.json, …), files/{file id}/{file name}",
              }),
            },
          },
        },
      },
      responses: {
        200: jsonResponse(importResultSchema, "Imported (or already imported: nothing new added)"),
        400: jsonResponse(
          importRefusedBodySchema,
          "The file's (or the zip's) problems, each with record, field and reason",
        ),
        403: planLimit,
        ...errorResponsesWithout400,
      },
    }),
    async (c) => {
      const actor = requireActor(c);
      const organizationId = actor.adminOrganizationId ?? "";
      const named = c.req.valid("query").organization;
      if (named !== undefined && named !== organizationId) throw notFound();
      authorize(c, "program:manage", { organizationId });
      const sender = await senderOf(c, actor);
      const { db, files } = c.get("deps");
      if (!isZipBody(c.req.header("content-type"))) {
        const result = await sendingEmail(c, () =>
          importLegacyProgram(db, organizationId, c.req.valid("json"), sender),
        );
        return c.json(result, 200);
      }
      // Read to a temporary file as it streams in, never past the zip's size; removed whatever happens.
      const folder = await mkdtemp(path.join(tmpdir(), "legacy-import-"));
      try {
        const zipPath = path.join(folder, "program.zip");
        const received = await receiveUpload(c.req.raw.body, zipPath, MAX_LEGACY_ZIP_BYTES);
        if (!received) throw new ImportRefused([zipTooLarge()]);
        const result = await sendingEmail(c, () =>
          importLegacyZip(db, files.storage, organizationId, zipPath, sender),
        );
        return c.json(result, 200);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{id}/name",
      tags,
      summary: "Rename a program",
      request: { params: idParams, body: jsonBody(renameProgramBodySchema) },
      responses: {
        200: jsonResponse(programResultSchema, "Renamed"),
        409: jsonResponse(
          editConflictBodySchema(z.object({ name: z.string() })),
          "Renamed meanwhile by someone else (CONFLICT, with the stored name as `current`)",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { program, actor } = await managedProgram(c, c.req.valid("param").id);
      const { db } = c.get("deps");
      const { name, expected } = c.req.valid("json");
      await renameProgram(db, program, name, actor.userId, expected);
      return c.json({ program: await presentProgram(db, actor, program.id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{id}/archived",
      tags,
      summary: "Archive or unarchive a program (unarchiving needs a free slot in the plan)",
      request: { params: idParams, body: jsonBody(archiveProgramBodySchema) },
      responses: { 200: jsonResponse(programResultSchema, "Saved"), 403: planLimit, ...errorResponses },
    }),
    async (c) => {
      const { program, actor } = await managedProgram(c, c.req.valid("param").id);
      const { db } = c.get("deps");
      await setArchived(db, program, c.req.valid("json").archived, actor.userId);
      return c.json({ program: await presentProgram(db, actor, program.id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/duplicate/{id}",
      tags,
      summary: "Duplicate a program's settings (no submissions, no reviews)",
      request: { params: idParams },
      responses: { 201: jsonResponse(programResultSchema, "The copy"), 403: planLimit, ...errorResponses },
    }),
    async (c) => {
      const { program, actor } = await managedProgram(c, c.req.valid("param").id);
      const { db } = c.get("deps");
      const copy = await duplicateProgram(db, program, actor.userId);
      return c.json({ program: await presentProgram(db, actor, copy.id) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}",
      tags,
      summary: "Delete a program permanently: its form, submissions and reviews are lost",
      request: { params: idParams },
      responses: { 200: jsonResponse(okSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { program, actor } = await managedProgram(c, c.req.valid("param").id);
      await deleteProgram(c.get("deps").db, program, actor.userId);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/reviewSettings",
      tags,
      summary: "The program's review settings, unset ones at their defaults (the program's admins)",
      request: { params: idParams },
      responses: { 200: jsonResponse(programReviewSettingsSchema, "The settings"), ...errorResponses },
    }),
    async (c) => {
      const { program } = await administeredProgram(c, c.req.valid("param").id);
      return c.json(reviewSettingsOf(program), 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{id}/reviewSettings",
      tags,
      summary: "Save the program's review settings (the program's admins)",
      request: { params: idParams, body: jsonBody(updateReviewSettingsBodySchema) },
      responses: {
        200: jsonResponse(programReviewSettingsSchema, "Saved: the settings as stored"),
        409: jsonResponse(
          editConflictBodySchema(programReviewSettingsSchema),
          "Changed meanwhile by someone else (CONFLICT, with the stored settings as `current`)",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { program, actor } = await administeredProgram(c, c.req.valid("param").id);
      const { expected, ...settings } = c.req.valid("json");
      const saved = await updateReviewSettings(c.get("deps").db, program, settings, actor.userId, expected);
      return c.json(saved, 200);
    },
  );
