import { Box, Flex } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { Outlet } from "react-router";
import { Footer } from "@/components/layout/footer";
import { Navbar } from "@/components/layout/navbar";

/** Public pages: navigation bar, page, footer. */
export default function SiteLayout() {
  return (
    <Flex direction="column" minH="100dvh">
      <Box
        as="a"
        href="#main"
        position="absolute"
        insetStart="2"
        top="-16"
        zIndex="skipNav"
        bg="brand.solid"
        color="white"
        px="4"
        py="2"
        rounded="md"
        _focusVisible={{ top: "2" }}
      >
        <Trans>Skip to content</Trans>
      </Box>
      <Navbar />
      <Box as="main" id="main" flex="1" tabIndex={-1} _focus={{ outline: "none" }}>
        <Outlet />
      </Box>
      <Footer />
    </Flex>
  );
}
