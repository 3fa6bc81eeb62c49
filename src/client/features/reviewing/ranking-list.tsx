import {
  DragDropContext,
  Draggable,
  type DraggableProvided,
  type DragStart,
  type DragUpdate,
  Droppable,
  type DropResult,
  type ResponderProvided,
} from "@hello-pangea/dnd";
import { ActionIcon, Box, Button, Group, Paper, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { RankingResult, SaveRankingBody } from "../../../shared/schemas/reviews";
import { REVIEW_LIMITS, REVIEW_MESSAGES } from "../../../shared/schemas/reviews-constants";
import { ChevronDownIcon, GripIcon } from "../../components/icons";
import { ApiError } from "../../lib/api-client";
import { notify } from "../../lib/notify";
import { reviewingApi } from "../../lib/reviewing-api";
import { reviewingKeys } from "../../lib/reviewing-keys";
import { truncateName } from "../../lib/truncate";
import { alertFailure } from "./alerts";
import { lastReviewedLabel } from "./candidate-rows";
import {
  confirmation,
  mergeRankingMoves,
  type RankingMove,
  rankingMove,
  rankingSavedText,
  rankOf,
} from "./ranking-order";
import { formatRating } from "./rating-scale";
import { REVIEWING_TEXT } from "./reviewing-messages";
import { createSaveQueue, type SaveQueue } from "./save-queue";

type Candidate = RankingResult["applications"][number];

interface RankingListProps {
  userId: string;
  programId: string;
  ranking: RankingResult;
  editable: boolean;
  /** The server refused an order made on an older one (another tab): reload the newest. */
  onStale: () => void;
}

const DROPPABLE_ID = "stacked-rankings";
const fullName = (candidate: Candidate) => truncateName(candidate.identifier, Number.POSITIVE_INFINITY).full;

function reorder(candidates: readonly Candidate[], ids: readonly string[]): Candidate[] {
  const byId = new Map(candidates.map((candidate) => [candidate._id, candidate]));
  return ids.map((id) => byId.get(id)).filter((candidate): candidate is Candidate => candidate !== undefined);
}

/**
 * The stacked ranking: cards dragged with the mouse, or with the keyboard (a card's handle: space to lift,
 * arrows to move, space to drop), or moved with each card's Move up / Move down buttons. Every move shows
 * at once and is saved with the revision it was based on; a failure puts the last saved order back, and an
 * order made stale by another tab is never forced over the newer one (409: reload).
 */
export function RankingList({ userId, programId, ranking, editable, onStale }: RankingListProps) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<Candidate[]>(ranking.applications);
  const [announcement, setAnnouncement] = useState("");
  const [savedAt, setSavedAt] = useState({ savedAt: ranking.savedAt, confirmedAt: ranking.confirmedAt });
  const [confirming, setConfirming] = useState(false);
  const confirmed = useRef<Candidate[]>(ranking.applications);
  const revision = useRef(ranking.revision);
  // The order as last rendered, read by handlers (two quick moves must not both start from the same order).
  const latestItems = useRef(items);
  useLayoutEffect(() => {
    latestItems.current = items;
  }, [items]);
  const listRef = useRef<HTMLOListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: "up" | "down" } | null>(null);
  const stale = useRef(onStale);
  useEffect(() => {
    stale.current = onStale;
  });

  const [queue] = useState<SaveQueue<RankingMove>>(() =>
    createSaveQueue({
      save: (move: RankingMove) => {
        const body: SaveRankingBody = {
          programId,
          rankings: move.ids,
          revision: revision.current,
          ...(move.movedIntoTopFive ? { movedIntoTopFive: true } : {}),
          ...(move.confirm ? { confirm: true } : {}),
        };
        return reviewingApi.saveRanking(body);
      },
      merge: mergeRankingMoves,
      onSaved: (result, move, more) => {
        revision.current = result.revision;
        const saved = reorder(confirmed.current, move.ids);
        confirmed.current = saved;
        setSavedAt({ savedAt: result.savedAt, confirmedAt: result.confirmedAt });
        queryClient.setQueryData<RankingResult>(reviewingKeys.ranking(userId, programId), (current) =>
          current === undefined
            ? current
            : {
                ...current,
                applications: saved,
                revision: result.revision,
                topFiveChanged: result.topFiveChanged,
                savedAt: result.savedAt,
                confirmedAt: result.confirmedAt,
              },
        );
        if (move.confirm) notify(REVIEWING_TEXT.rankingConfirmed);
        if (!more) setItems(saved);
        setConfirming(false);
      },
      onFailed: (error) => {
        setConfirming(false);
        setItems(confirmed.current);
        if (error instanceof ApiError && error.status === 409) {
          alertFailure(REVIEW_MESSAGES.staleRanking, error);
          stale.current();
        } else {
          alertFailure(REVIEW_MESSAGES.rankingsSaveFailed, error);
        }
      },
    }),
  );

  // A newer order from the server (a reload after a stale save): shown unless a save is on its way.
  useEffect(() => {
    if (queue.busy || ranking.revision === revision.current) return;
    revision.current = ranking.revision;
    confirmed.current = ranking.applications;
    setItems(ranking.applications);
    setSavedAt({ savedAt: ranking.savedAt, confirmedAt: ranking.confirmedAt });
  }, [ranking, queue]);

  // After a Move button, the focus stays on the card that moved (its other button when this one is now off).
  useEffect(() => {
    if (focusAfterMove === null) return;
    setFocusAfterMove(null);
    const card = listRef.current?.querySelector<HTMLElement>(
      `[data-candidate-id="${CSS.escape(focusAfterMove.id)}"]`,
    );
    const wanted = card?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.direction}"]`);
    const other = card?.querySelector<HTMLButtonElement>(
      `[data-move="${focusAfterMove.direction === "up" ? "down" : "up"}"]`,
    );
    if (wanted && !wanted.disabled) wanted.focus();
    else if (other && !other.disabled) other.focus();
    else card?.querySelector<HTMLElement>("[data-rfd-drag-handle-draggable-id]")?.focus();
  }, [focusAfterMove]);

  function move(from: number, to: number) {
    const current = latestItems.current;
    const next = rankingMove(
      current.map((candidate) => candidate._id),
      from,
      to,
    );
    if (next === null) return null;
    const moved = reorder(current, next.ids);
    latestItems.current = moved;
    setItems(moved);
    queue.push(next);
    return moved;
  }

  function moveByButton(index: number, direction: "up" | "down") {
    const candidate = items[index];
    if (!candidate) return;
    const to = direction === "up" ? index - 1 : index + 1;
    if (move(index, to) === null) return;
    setAnnouncement(`${fullName(candidate)} moved to rank ${rankOf(to)} of ${items.length}.`);
    setFocusAfterMove({ id: candidate._id, direction });
  }

  const nameAt = (index: number) => {
    const candidate = items[index];
    return candidate ? fullName(candidate) : "The candidate";
  };

  const onDragStart = (start: DragStart, provided: ResponderProvided) =>
    provided.announce(
      `Lifted ${nameAt(start.source.index)}, at rank ${rankOf(start.source.index)} of ${items.length}.`,
    );
  const onDragUpdate = (update: DragUpdate, provided: ResponderProvided) =>
    provided.announce(
      update.destination
        ? `Rank ${rankOf(update.destination.index)} of ${items.length}.`
        : "Not over the list: dropping here changes nothing.",
    );
  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    const name = nameAt(result.source.index);
    if (result.reason === "CANCEL" || !result.destination) {
      provided.announce(`Move cancelled. ${name} stays at rank ${rankOf(result.source.index)}.`);
      return;
    }
    provided.announce(`${name} dropped at rank ${rankOf(result.destination.index)} of ${items.length}.`);
    move(result.source.index, result.destination.index);
  };

  function confirm() {
    setConfirming(true);
    queue.push(confirmation(latestItems.current.map((candidate) => candidate._id)));
  }

  const savedLine = rankingSavedText(savedAt, (iso) => lastReviewedLabel(iso), REVIEWING_TEXT);

  if (!editable) {
    return (
      <Stack gap="xs">
        <Text size="sm" c="gray.7" data-testid="ranking-saved">
          {savedLine}
        </Text>
        <Stack
          gap="xs"
          component="ol"
          data-testid="ranking-list"
          style={{ listStyle: "none", margin: 0, padding: 0 }}
        >
          {items.map((candidate, index) => (
            <Paper key={candidate._id} component="li" withBorder p="sm" data-testid="ranking-card">
              <CardContent candidate={candidate} index={index} />
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
      <Paper withBorder p="sm" mb="md">
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={2} style={{ flex: "1 1 260px", minWidth: 0 }}>
            <Text size="sm">{REVIEWING_TEXT.confirmHint}</Text>
            <Text size="sm" c="gray.7" role="status" aria-live="polite" data-testid="ranking-saved">
              {savedLine}
            </Text>
          </Stack>
          <Button onClick={confirm} loading={confirming}>
            {REVIEWING_TEXT.confirmRanking}
          </Button>
        </Group>
      </Paper>
      <DragDropContext
        onDragStart={onDragStart}
        onDragUpdate={onDragUpdate}
        onDragEnd={onDragEnd}
        dragHandleUsageInstructions={REVIEWING_TEXT.dragHandleInstructions}
      >
        <Droppable droppableId={DROPPABLE_ID}>
          {(droppable) => (
            <ol
              aria-label="Your stacked ranking, best first"
              data-testid="ranking-list"
              ref={(element) => {
                listRef.current = element;
                droppable.innerRef(element);
              }}
              {...droppable.droppableProps}
              style={{ listStyle: "none", margin: 0, padding: 0 }}
            >
              {items.map((candidate, index) => (
                <Draggable key={candidate._id} draggableId={candidate._id} index={index}>
                  {(draggable, snapshot) => (
                    <RankingCard
                      candidate={candidate}
                      index={index}
                      count={items.length}
                      draggable={draggable}
                      dragging={snapshot.isDragging}
                      onMove={(direction) => moveByButton(index, direction)}
                    />
                  )}
                </Draggable>
              ))}
              {droppable.placeholder}
            </ol>
          )}
        </Droppable>
      </DragDropContext>
    </>
  );
}

function CardContent({ candidate, index }: { candidate: Candidate; index: number }) {
  const name = truncateName(candidate.identifier, REVIEW_LIMITS.rankingNameLength);
  const topFive = index < REVIEW_LIMITS.topFive;
  return (
    <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
      <Text
        component="span"
        fw={700}
        size="lg"
        w={40}
        ta="right"
        c={topFive ? "blue.9" : "gray.8"}
        aria-hidden="true"
      >
        {rankOf(index)}
      </Text>
      <Box style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} size="sm" title={name.truncated ? name.full : undefined} aria-hidden="true">
          {name.text}
        </Text>
        <Text size="xs" c="gray.7" aria-hidden="true">
          {`Your rating: ${formatRating(candidate.rating)}`}
        </Text>
        <VisuallyHidden>{`Rank ${rankOf(index)}: ${name.full}, your rating ${formatRating(candidate.rating)}`}</VisuallyHidden>
      </Box>
    </Group>
  );
}

interface RankingCardProps {
  candidate: Candidate;
  index: number;
  count: number;
  draggable: DraggableProvided;
  dragging: boolean;
  onMove: (direction: "up" | "down") => void;
}

function RankingCard({ candidate, index, count, draggable, dragging, onMove }: RankingCardProps) {
  const name = fullName(candidate);
  return (
    <Paper
      component="li"
      withBorder
      shadow={dragging ? "md" : undefined}
      p="xs"
      ref={draggable.innerRef}
      {...draggable.draggableProps}
      data-testid="ranking-card"
      data-candidate-id={candidate._id}
      // A margin, not a flex gap: the library measures margins when it makes room for a moving card.
      style={{ ...draggable.draggableProps.style, background: "var(--mantine-color-body)", marginBottom: 8 }}
    >
      <Group gap="xs" wrap="nowrap">
        {/*
          The handle is the card's text, so its name is what the card says ("Rank 3: name, your rating 4",
          from CardContent) and never differs from what is seen; the library's description adds how to lift it.
        */}
        <Box
          {...draggable.dragHandleProps}
          // Mantine's own focus ring, so a keyboard user sees which card the space bar will lift.
          className="mantine-focus-auto"
          style={{
            display: "flex",
            alignItems: "center",
            gap: 8,
            flex: 1,
            minWidth: 0,
            cursor: dragging ? "grabbing" : "grab",
            borderRadius: "var(--mantine-radius-sm)",
            padding: 4,
          }}
        >
          <GripIcon />
          <CardContent candidate={candidate} index={index} />
        </Box>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            data-move="up"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove("up")}
          >
            <span style={{ display: "inline-flex", transform: "rotate(180deg)" }}>
              <ChevronDownIcon />
            </span>
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            data-move="down"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove("down")}
          >
            <ChevronDownIcon />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
