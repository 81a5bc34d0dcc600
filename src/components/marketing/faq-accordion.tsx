import { Accordion, Box, Text } from "@chakra-ui/react";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

interface FaqItem {
  id: string;
  question: ReactNode;
  answer: ReactNode;
}

/**
 * Questions and answers: one open at a time, and the open one can be closed again. Each header is a
 * button (Enter/Space toggles; Up/Down/Home/End move between questions).
 */
export function FaqAccordion({ items, defaultOpen }: { items: readonly FaqItem[]; defaultOpen?: string }) {
  return (
    <Accordion.Root collapsible multiple={false} defaultValue={defaultOpen ? [defaultOpen] : []} variant="plain" maxW="3xl" mx="auto">
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} borderBottomWidth="1px" borderColor="border">
          <Box as="h3" m="0">
            <Accordion.ItemTrigger
              py="5"
              fontSize={{ base: "md", md: "lg" }}
              fontWeight="700"
              color="brand.950"
              cursor="pointer"
              textAlign="start"
            >
              <Box as="span" flex="1">
                {item.question}
              </Box>
              {/* A button may hold phrasing content only: spans, not Chakra's default divs. */}
              <Accordion.ItemIndicator asChild>
                <span>
                  <ChevronDown aria-hidden="true" />
                </span>
              </Accordion.ItemIndicator>
            </Accordion.ItemTrigger>
          </Box>
          <Accordion.ItemContent>
            <Accordion.ItemBody pb="5" pt="0">
              <Text color="fg.muted" lineHeight="1.7">
                {item.answer}
              </Text>
            </Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
