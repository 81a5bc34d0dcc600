import { describeDialCodeList } from "@/components/forms/dial-code-list.test-support";
import { othersDialCodes } from "./others-data";

describeDialCodeList(othersDialCodes);
