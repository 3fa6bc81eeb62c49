import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import {
  OrganizationLoadFailure,
  useAdministeredOrganization,
} from "../../components/administered-organization";
import { PageLoader } from "../../components/page-loader";
import { useUserPrograms } from "../../lib/current-program";
import { useAuditEvents } from "./api";
import { AuditEventsTable } from "./audit-events-table";
import { AuditFiltersForm } from "./audit-filters";
import { AUDIT_TEXT, type AuditQuery } from "./audit-format";

/**
 * /organization/audit-log: the organization admin reads who changed what, and when
 * (docs/decisions/012-audit-log.md).
 */
export function AuditLogPage() {
  const { userId, orgId, organization } = useAdministeredOrganization();
  if (organization.isError) return <OrganizationLoadFailure error={organization.error} />;
  return <AuditLog userId={userId} organizationId={orgId} />;
}

export function AuditLog({ userId, organizationId }: { userId: string; organizationId: string }) {
  const [query, setQuery] = useState<AuditQuery>({});
  const programs = useUserPrograms(userId);
  const events = useAuditEvents(userId, organizationId, query);
  const shown = events.data?.pages.flatMap((page) => page.events) ?? [];
  const filtered = Object.keys(query).length > 0;

  let log: ReactNode;
  if (events.isPending) log = <PageLoader />;
  else if (events.isError && shown.length === 0) {
    log = (
      <Alert color="red" variant="light" role="alert" title={AUDIT_TEXT.loadFailed}>
        {events.error.message}
      </Alert>
    );
  } else if (shown.length === 0) log = <Text>{filtered ? AUDIT_TEXT.emptyFiltered : AUDIT_TEXT.empty}</Text>;
  else log = <AuditEventsTable events={shown} />;

  return (
    <Stack gap="lg">
      <Title order={1}>{AUDIT_TEXT.title}</Title>
      <Text>{AUDIT_TEXT.intro}</Text>
      <AuditFiltersForm
        programs={(programs.data ?? []).filter((p) => p.organizationId === organizationId)}
        onApply={setQuery}
      />
      {log}
      {events.isFetchNextPageError && (
        <Alert color="red" variant="light" role="alert" title={AUDIT_TEXT.loadFailed}>
          {events.error.message}
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="gray.7" role="status" aria-live="polite">
          {shown.length > 0 ? AUDIT_TEXT.shown(shown.length, events.hasNextPage) : ""}
        </Text>
        {events.hasNextPage && (
          <Button
            variant="default"
            onClick={() => events.fetchNextPage()}
            loading={events.isFetchingNextPage}
          >
            {AUDIT_TEXT.loadMore}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
