import { Table } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./cards-on-phone.module.css";

/** For a box around a table (no scroll container): its rows become cards in a phone's width. */
export const cardsOnPhoneClass = classes.container;

/**
 * Table.ScrollContainer for the pages that must work on a phone (applicants', committee members'): wider
 * than `minWidth` it is a table, scrolled inside its box when narrower; on a phone each row becomes a card
 * and no box scrolls sideways. Give each data cell `data-label` (its column's name) to label it on the card.
 */
export function CardsOnPhone({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      className={classes.container}
      classNames={{ scrollContainerInner: classes.inner }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
