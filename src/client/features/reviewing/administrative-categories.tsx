import { Accordion, Stack, Text, Title } from "@mantine/core";
import type { Section } from "../../../shared/forms/model";
import type { ReviewAnswer } from "../../../shared/schemas/reviews";
import type { SubmissionFile } from "../../../shared/schemas/submissions";
import { SectionAnswers } from "./answer-view";
import { formatAmount } from "./candidate-rows";

interface AdministrativeCategoriesProps {
  sections: readonly Section[];
  answers: ReadonlyMap<string, ReviewAnswer>;
  files: readonly SubmissionFile[];
  /** The grant amount: only the program's admins are sent it. */
  showAmount: boolean;
  amount: number | null | undefined;
}

/**
 * The collapsible "Administrative Categories": the Admin Info answers and, for admins, the grant amount.
 * The accordion's control sits in an h2 (Mantine's `order`): its "Admin information" and "Grant Amount" are
 * h3s under it. A Title inside the control cannot be that heading, as a button holds no heading.
 */
export function AdministrativeCategories({
  sections,
  answers,
  files,
  showAmount,
  amount,
}: AdministrativeCategoriesProps) {
  return (
    <Accordion variant="separated" defaultValue="administrative-categories" chevronPosition="left" order={2}>
      <Accordion.Item value="administrative-categories">
        <Accordion.Control>
          <Title order={2} size="h3" component="span">
            Administrative Categories
          </Title>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="lg">
            <Stack gap="xs">
              <Title order={3} size="h4">
                Admin information
              </Title>
              {sections.length === 0 ? (
                <Text size="sm" c="gray.7">
                  This form has no administrative section.
                </Text>
              ) : (
                sections.map((section) => (
                  <Stack key={section._id} gap="xs">
                    {sections.length > 1 && section.name.trim() !== "" && (
                      <Text fw={600} size="sm" c="gray.8">
                        {section.name}
                      </Text>
                    )}
                    <SectionAnswers section={section} answers={answers} files={files} />
                  </Stack>
                ))
              )}
            </Stack>
            {showAmount && (
              <Stack gap="xs">
                <Title order={3} size="h4">
                  Grant Amount
                </Title>
                <Text size="sm">{formatAmount(amount)}</Text>
              </Stack>
            )}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
