import { describe, expect, it } from "vitest";
import { handles } from "@/app/route-handles";

describe("the order detail's breadcrumb", () => {
  it("names the order by its number", () => {
    expect(handles.orderDetail.breadcrumb({ orderId: "42" })).toEqual([
      { label: "Orders", to: "/home/orders" },
      { label: "SO-000042" },
    ]);
  });

  it("says Order for an id no order can have", () => {
    for (const orderId of ["abc", "0", "1.5", "99999999999999999999", undefined]) {
      expect(handles.orderDetail.breadcrumb({ orderId }).at(-1)).toEqual({ label: "Order" });
    }
  });
});
