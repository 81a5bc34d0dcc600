import { Alert, Box, Button, CloseButton, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { BookmarkPlus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { SavedView } from "../api/saved-views";

export interface SavedViews {
  list: SavedView[];
  /** The current filters as a view keeps them (which chip is current). */
  current: string;
  saving: boolean;
  /** "duplicate": the member already has a view of that name. */
  error: "duplicate" | "failed" | null;
  /** Bumped when a view was saved (the name field closes). */
  saved: number;
  onApply: (view: SavedView) => void;
  onSave: (name: string) => void;
  onDelete: (view: SavedView) => void;
}

/** The member's saved views as chips (apply, delete) and "Save these filters" with a name. */
export function SavedViewsBar({ views }: { views: SavedViews }) {
  const { t } = useLingui();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const headingId = useId();
  const saveButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const firstSaved = useRef(views.saved);
  useEffect(() => {
    if (views.saved === firstSaved.current) return;
    firstSaved.current = views.saved;
    setNaming(false);
    setName("");
  }, [views.saved]);
  useEffect(() => {
    if (naming) nameInput.current?.focus();
  }, [naming]);
  const close = () => {
    setNaming(false);
    requestAnimationFrame(() => saveButton.current?.focus());
  };
  return (
    <Stack gap="2" data-testid="saved-views">
      <HStack gap="2" wrap="wrap" align="center">
        <Text id={headingId} fontWeight="600" fontSize="sm">
          <Trans>Saved views</Trans>
        </Text>
        {views.list.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            <Trans>None yet</Trans>
          </Text>
        ) : (
          <Box as="ul" aria-labelledby={headingId} display="flex" flexWrap="wrap" gap="2" listStyleType="none" ps="0" m="0">
            {views.list.map((v) => {
              const current = v.query === views.current;
              const viewName = v.name;
              return (
                <HStack as="li" key={v.id} gap="0" borderWidth="1px" rounded="full" ps="1" pe="1" bg={current ? "brand.subtle" : undefined}>
                  <Button
                    size="sm"
                    variant="ghost"
                    rounded="full"
                    minH="10"
                    aria-current={current ? "true" : undefined}
                    onClick={() => views.onApply(v)}
                    data-view={v.name}
                  >
                    <bdi dir="auto">{v.name}</bdi>
                  </Button>
                  <CloseButton size="sm" rounded="full" aria-label={t`Delete the view ${viewName}`} onClick={() => views.onDelete(v)} />
                </HStack>
              );
            })}
          </Box>
        )}
        {!naming ? (
          <Button ref={saveButton} size="sm" minH="10" variant="outline" onClick={() => setNaming(true)}>
            <BookmarkPlus aria-hidden="true" />
            <Trans>Save these filters</Trans>
          </Button>
        ) : null}
      </HStack>
      {naming ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) views.onSave(name.trim());
          }}
        >
          <HStack gap="2" wrap="wrap" align="end">
            <Field.Root flex="1 1 12rem" invalid={views.error === "duplicate"} disabled={views.saving}>
              <Field.Label>
                <Trans>View name</Trans>
              </Field.Label>
              <Input ref={nameInput} size="sm" value={name} maxLength={60} dir="auto" onChange={(e) => setName(e.target.value)} />
              {views.error === "duplicate" ? (
                <Field.ErrorText>
                  <Trans>You already have a view with this name.</Trans>
                </Field.ErrorText>
              ) : null}
            </Field.Root>
            <Button
              type="submit"
              size="sm"
              minH="10"
              colorPalette="brand"
              disabled={!name.trim()}
              loading={views.saving}
              loadingText={t`Saving…`}
            >
              <Trans>Save view</Trans>
            </Button>
            <Button type="button" size="sm" minH="10" variant="ghost" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
          </HStack>
        </form>
      ) : null}
      {views.error === "failed" ? (
        <Alert.Root status="error" size="sm" rounded="md">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>The saved views could not be changed. Please try again.</Trans>
          </Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
