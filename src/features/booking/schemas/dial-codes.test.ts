import { describeDialCodeList } from "@/components/forms/dial-code-list.test-support";
import { demoDialCodes } from "./dial-codes";

describeDialCodeList(demoDialCodes);
