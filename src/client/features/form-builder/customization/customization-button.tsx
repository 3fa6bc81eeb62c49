import { Button, Tooltip, VisuallyHidden } from "@mantine/core";
import { useId } from "react";
import { FORM_MESSAGES } from "../../../../shared/forms/publish-check";

/**
 * The header's Form Customization button. Without logo branding in the plan it is disabled and says why in
 * a tooltip — kept focusable (aria-disabled), so keyboard users reach the tooltip too.
 */
export function CustomizationButton({ enabled, onClick }: { enabled: boolean; onClick: () => void }) {
  const reasonId = useId();
  if (enabled) {
    return (
      <Button variant="default" onClick={onClick}>
        Form Customization
      </Button>
    );
  }
  return (
    <>
      <Tooltip
        label={FORM_MESSAGES.customizationNeedsUpgrade}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          variant="default"
          data-disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
        >
          Form Customization
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{FORM_MESSAGES.customizationNeedsUpgrade}</VisuallyHidden>
    </>
  );
}
