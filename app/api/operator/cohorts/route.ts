// GET|POST /api/operator/cohorts - the cohorts with their seats, a page at a time; create a cohort (operators only).
import { cohortListCursorFromText } from "@/lib/operator/cohort-list";
import {
  cohortFieldsSchema,
  operatorCohortListQuerySchema,
  operatorCohortListSchema,
  operatorCohortSchema,
} from "@/lib/operator/operator-cohort-schemas";
import { route } from "@/server/http";
import { cohortListPage, createOperatorCohort } from "@/server/operator/operator-cohorts";

export const GET = route(
  { auth: "operator", query: operatorCohortListQuerySchema, response: operatorCohortListSchema },
  async ({ query }) => {
    const page = await cohortListPage({
      q: query.q ?? "",
      after: query.after === undefined ? null : cohortListCursorFromText(query.after),
    });
    return { cohorts: page.rows, next: page.next };
  },
);

export const POST = route({ auth: "operator", body: cohortFieldsSchema, status: 201, response: operatorCohortSchema }, ({ user, body }) =>
  createOperatorCohort(user.id, body),
);
